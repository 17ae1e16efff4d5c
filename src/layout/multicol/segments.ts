/**
 * The content of a multi-column container cut at its spanners (CSS Multi-column Layout 1 §6.1):
 * runs of children laid out in columns (column sets) and `column-span: all` children laid out
 * across the whole content box. A column set is laid out as an anonymous `flow-root` block of
 * its children (kept per render, so caches keyed by box stay valid); the container's break
 * token indexes its own children, and is translated to and from a set's.
 */
import type { BlockBox, BlockFlowBox, BlockLevelBox, LayoutBox } from '../../boxes/types.js';
import type { ComputedStyle } from '../../css/types.js';
import type { BreakToken, LayoutContext } from '../contract.js';
import { cacheKey } from '../contract.js';

/** Multi-column containers cut into column sets and spanners. */
const SEGMENTS = cacheKey('multicolSegments', () => new WeakMap<BlockBox, readonly Segment[]>());

export type Segment =
  | { readonly kind: 'columns'; readonly start: number; readonly end: number; readonly view: BlockBox }
  | { readonly kind: 'spanner'; readonly index: number; readonly box: LayoutBox };

const NO_SIDE = 0;

/**
 * The style of a column set's anonymous block: the container's inherited properties and none of
 * its box (no edges, size, background or columns of its own), so it paints nothing.
 */
export function columnSetStyle(style: ComputedStyle): ComputedStyle {
  return {
    ...style,
    display: 'flow-root', position: 'static', float: 'none', clear: 'none', overflowX: 'visible', overflowY: 'visible', opacity: 1,
    aspectRatio: 'auto', boxSizing: 'content-box', width: 'auto', height: 'auto', minWidth: 'auto', minHeight: 'auto', maxWidth: 'none', maxHeight: 'none',
    marginTop: NO_SIDE, marginRight: NO_SIDE, marginBottom: NO_SIDE, marginLeft: NO_SIDE,
    paddingTop: NO_SIDE, paddingRight: NO_SIDE, paddingBottom: NO_SIDE, paddingLeft: NO_SIDE,
    borderTopWidth: 0, borderRightWidth: 0, borderBottomWidth: 0, borderLeftWidth: 0,
    borderTopStyle: 'none', borderRightStyle: 'none', borderBottomStyle: 'none', borderLeftStyle: 'none',
    backgroundColor: { r: 0, g: 0, b: 0, a: 0 }, backgroundImage: ['none'], boxShadow: [], outlineStyle: 'none', outlineWidth: 0,
    breakBefore: 'auto', breakAfter: 'auto', breakInside: 'auto', alignContent: 'normal',
    columnCount: 'auto', columnWidth: 'auto', columnSpan: 'none',
  };
}

const isSpanner = (child: BlockLevelBox): child is LayoutBox => child.kind !== 'out-of-flow' && child.style.columnSpan === 'all';

/** The container's segments in order (cached per render). */
export function segmentsOf(box: BlockBox, ctx: LayoutContext): readonly Segment[] {
  const cached = ctx.caches.of(SEGMENTS).get(box);
  if (cached !== undefined) return cached;
  const style = columnSetStyle(box.style);
  const segments: Segment[] = [];
  if (box.inlineContent) {
    // Object.assign, not a spread followed by keys (a new hidden class per call on Node 20): a box without a marker gained the key
    segments.push({ kind: 'columns', start: 0, end: box.children.length, view: Object.assign({}, box, { style, marker: undefined }) });
  } else {
    let start = 0;
    const flush = (end: number): void => {
      if (end > start) segments.push({ kind: 'columns', start, end, view: setView(box, style, start, end) });
    };
    box.children.forEach((child, index) => {
      if (!isSpanner(child)) return;
      flush(index);
      segments.push({ kind: 'spanner', index, box: child });
      start = index + 1;
    });
    flush(box.children.length);
  }
  ctx.caches.of(SEGMENTS).set(box, segments);
  return segments;
}

function setView(box: BlockFlowBox, style: ComputedStyle, start: number, end: number): BlockFlowBox {
  return { kind: 'block', outer: 'block', style, element: undefined, pseudo: undefined, children: box.children.slice(start, end), inlineContent: false };
}

/** Where a resumed container goes on: the segment, and the token inside it (undefined: from its start). */
export interface ResumePoint {
  readonly segment: number;
  readonly token: BreakToken | undefined;
}

export function resumePoint(segments: readonly Segment[], resume: BreakToken | undefined): ResumePoint {
  if (resume === undefined) return { segment: 0, token: undefined };
  if (resume.kind === 'inline') return { segment: 0, token: { ...resume, box: (segments[0] as Extract<Segment, { kind: 'columns' }>).view as typeof resume.box } };
  const at = resume.children[0]?.index ?? resume.next;
  const index = segments.findIndex((s) => (s.kind === 'spanner' ? s.index === at : at >= s.start && at < s.end));
  if (index < 0) return { segment: segments.length, token: undefined };
  const segment = segments[index]!;
  if (segment.kind === 'spanner') return { segment: index, token: resume.children[0]?.token };
  if (resume.children.length === 0 && resume.next === segment.start) return { segment: index, token: undefined };
  return {
    segment: index,
    token: {
      kind: 'block', box: segment.view,
      children: resume.children.map((c) => ({ index: c.index - segment.start, token: c.token })),
      next: resume.next - segment.start,
      ...(resume.forced !== undefined ? { forced: resume.forced } : {}),
      ...(resume.atBlockEnd === true ? { atBlockEnd: true } : {}),
    },
  };
}

/** A column set's token as the container's. */
export function containerToken(container: LayoutBox, segment: Extract<Segment, { kind: 'columns' }>, token: BreakToken): BreakToken {
  if (token.kind === 'inline') return { ...token, box: container as typeof token.box };
  return {
    kind: 'block', box: container,
    children: token.children.map((c) => ({ index: c.index + segment.start, token: c.token })),
    next: token.next + segment.start,
    ...(token.forced !== undefined ? { forced: token.forced } : {}),
    ...(token.atBlockEnd === true ? { atBlockEnd: true } : {}),
  };
}
