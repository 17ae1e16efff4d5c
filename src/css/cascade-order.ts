/**
 * The cascade's order (CSS Cascade 5 §6.1) for one element: which declaration wins each property,
 * by origin, importance, layer, specificity and order, with `revert` and `revert-layer` rolled
 * back and flow-relative properties mapped by the element's direction.
 */
import type { Declaration, SheetWarning } from './stylesheet.js';
import type { IndexedSelector } from './rule-index.js';
import { compareImportant } from './rule-index.js';
import { LONGHAND_INDEX } from './properties/registry.js';
import type { FlowMode } from './properties/logical.js';
import { FLOW_MODES } from './properties/logical.js';
import type { ComputedStyle } from './types.js';

/** A `style` attribute's or presentational hints' declarations, parsed. */
export interface DeclarationList {
  readonly normal: readonly Declaration[];
  readonly important: readonly Declaration[];
  readonly warnings: readonly SheetWarning[];
}

const DIRECTION = LONGHAND_INDEX.get('direction')!;
const WRITING_MODE = LONGHAND_INDEX.get('writing-mode')!;
const SLOT_COUNT = LONGHAND_INDEX.size;

export interface Cascaded {
  readonly winners: (Declaration | undefined)[];
  readonly custom: Map<string, Declaration>;
  /** The UA origin's winners, when author declarations (rules, hints, style attribute) applied after them. */
  readonly uaWinners: readonly (Declaration | undefined)[] | undefined;
}

/** The cascade's result at some point, which `revert` and `revert-layer` roll back to. */
interface CascadeState {
  readonly winners: readonly (Declaration | undefined)[];
  readonly custom: ReadonlyMap<string, Declaration>;
}

/**
 * CSS Cascade 5 §6.1 order, lowest first: UA normal; author normal (presentational hints, rules
 * by layer, style attribute); author important (rules by layer reversed, style attribute); UA
 * important. `revert` in the author origin rolls back to the UA result, `revert-layer` to the
 * result before the declaration's layer (CSS Cascade 5 §7.3.2); in the UA origin both mean `unset`.
 */
export function cascadeDeclarations(matched: readonly IndexedSelector[], hints: DeclarationList | undefined, styleAttr: DeclarationList | undefined, parent: ParentFlow): Cascaded {
  const ua: IndexedSelector[] = [];
  const author: IndexedSelector[] = [];
  for (const m of matched) (m.origin === 0 ? ua : author).push(m);
  const important = importantOrder(author);
  // flow-relative declarations map by the element's own writing mode and direction (CSS Logical 1
  // §2), found by a scan of its declarations when it has one (most elements have none)
  let flow = -1;
  const winners: (Declaration | undefined)[] = new Array(SLOT_COUNT);
  const custom = new Map<string, Declaration>();
  const snapshot = (): CascadeState => ({ winners: winners.slice(), custom: new Map(custom) });
  let uaState: CascadeState | undefined;
  let layerState: CascadeState | undefined;
  const apply = (decl: Declaration): void => {
    const slot = decl.slot;
    const keyword = decl.value.kind === 'keyword' ? decl.value.keyword : undefined;
    const back = keyword === 'revert' ? uaState ?? EMPTY_STATE : keyword === 'revert-layer' ? layerState ?? uaState ?? EMPTY_STATE : undefined;
    if (slot.kind === 'custom') {
      const previous = back === undefined ? decl : back.custom.get(slot.name);
      if (previous === undefined) custom.delete(slot.name);
      else custom.set(slot.name, previous);
      return;
    }
    if (slot.kind === 'logical' && flow < 0) flow = flowOf({ ua, author, important, hints, styleAttr }, parent);
    const index = slot.kind === 'longhand' ? slot.index : slot.flows[flow]!;
    winners[index] = back === undefined ? decl : back.winners[index];
  };
  // Rules in one layer (or none) need no snapshot: `revert-layer` is `revert` there.
  const layered = important !== author;
  /** Rules by layer: `revert-layer` goes back to where the rule's layer started. */
  const applyLayered = (matches: readonly IndexedSelector[], pick: (rule: IndexedSelector['rule']) => readonly Declaration[]): void => {
    let layer: number | undefined;
    for (const m of matches) {
      if (layered && m.layer !== layer) {
        layer = m.layer;
        layerState = snapshot();
      }
      for (const d of pick(m.rule)) apply(d);
    }
  };
  for (const m of ua) for (const d of m.rule.normal) apply(d);
  if (author.length > 0 || hints !== undefined || styleAttr !== undefined) {
    uaState = snapshot();
    layerState = uaState;
    if (hints !== undefined) for (const d of hints.normal) apply(d);
    applyLayered(author, (rule) => rule.normal);
    if (styleAttr !== undefined) for (const d of styleAttr.normal) apply(d);
    applyLayered(important, (rule) => rule.important);
    if (styleAttr !== undefined) for (const d of styleAttr.important) apply(d);
  }
  const uaWinners = uaState?.winners;
  uaState = undefined;
  layerState = undefined;
  for (const m of ua) for (const d of m.rule.important) apply(d);
  return { winners, custom, uaWinners };
}

/** Nothing declared: a UA-origin `revert` is `unset`. */
const EMPTY_STATE: CascadeState = { winners: [], custom: new Map() };

/** The author matches in the order their `!important` declarations apply: layers reversed (CSS Cascade 5 §6.4), when there are several. */
function importantOrder(author: readonly IndexedSelector[]): readonly IndexedSelector[] {
  for (let i = 1; i < author.length; i++) {
    if (author[i]!.layer !== author[0]!.layer) return [...author].sort(compareImportant);
  }
  return author;
}

/** What an element's cascade reads, by origin: the rules matched, the presentational hints, its style attribute. */
interface CascadeSources {
  readonly ua: readonly IndexedSelector[];
  readonly author: readonly IndexedSelector[];
  /** The author rules for the important pass, in that pass's order. */
  readonly important: readonly IndexedSelector[];
  readonly hints: DeclarationList | undefined;
  readonly styleAttr: DeclarationList | undefined;
}

/** What the parent gives an element's flow: the writing mode and direction it inherits. */
export type ParentFlow = Pick<ComputedStyle, 'writingMode' | 'direction'>;

/**
 * The element's writing mode and direction as an index into a logical slot's `flows`: the winning
 * `writing-mode` and `direction` declarations, by one scan in cascade order (before the cascade
 * proper), else the parent's (a `var()` value counts as the parent's).
 */
function flowOf({ ua, author, important, hints, styleAttr }: CascadeSources, parent: ParentFlow): number {
  let mode: Declaration | undefined;
  let direction: Declaration | undefined;
  const scan = (list: readonly Declaration[]): void => {
    for (const d of list) {
      if (d.slot.kind !== 'longhand') continue;
      if (d.slot.index === WRITING_MODE) mode = d;
      else if (d.slot.index === DIRECTION) direction = d;
    }
  };
  for (const m of ua) scan(m.rule.normal);
  if (hints) scan(hints.normal);
  for (const m of author) scan(m.rule.normal);
  if (styleAttr) scan(styleAttr.normal);
  for (const m of important) scan(m.rule.important);
  if (styleAttr) scan(styleAttr.important);
  for (const m of ua) scan(m.rule.important);
  const written = declaredKeyword(mode, 'horizontal-tb');
  const writingMode = written !== undefined && FLOW_MODES.includes(written as FlowMode) ? written as FlowMode : parent.writingMode;
  const rtl = (declaredKeyword(direction, 'ltr') ?? parent.direction) === 'rtl';
  return FLOW_MODES.indexOf(writingMode) * 2 + (rtl ? 1 : 0);
}

/** A declaration's keyword (`initial`: the property's initial one); undefined when it inherits (not set, `var()`, other keywords). */
function declaredKeyword(declaration: Declaration | undefined, initial: string): string | undefined {
  if (declaration === undefined) return undefined;
  if (declaration.value.kind === 'value') return declaration.value.value as string;
  return declaration.value.kind === 'keyword' && declaration.value.keyword === 'initial' ? initial : undefined;
}
