/**
 * Marked content for tagged PDF (ISO 32000-1 §14.6, §14.8.2.2): `/Role <</MCID n>> BDC ... EMC`
 * around content that belongs to a structure element, `/Artifact BMC ... EMC` around everything
 * else that paints (backgrounds, borders, decoration lines, page furniture). One state per
 * content stream — the page's, and one per transparency group (a form XObject with its own
 * /StructParents). Consecutive runs of the same element in one stream share one sequence (a
 * paragraph's lines become one MCID, not one per line).
 */
import type { DomElement } from '../dom/types.js';
import type { ArtifactType, ContentPart } from '../paint/display-list.js';
import type { ContentSink } from './content.js';
import type { PdfRef } from './pdfkit-document.js';
import type { MarkedStream, StructNode, StructureBuilder } from './structure.js';

type Open = { readonly kind: 'tag'; readonly node: StructNode; readonly mcid: number } | { readonly kind: 'artifact' } | { readonly kind: 'none' };

interface StreamState {
  readonly stream: MarkedStream;
  /** Explicit sequences opened by begin-tag / begin-artifact items. */
  readonly open: Open[];
  /** An artifact opened automatically around untagged painting. */
  auto: boolean;
  /** A tag whose EMC is held back in case the same element continues. */
  pending: { readonly node: StructNode; readonly mcid: number } | undefined;
  /** The stream is drawn inside an artifact: no marks needed at all. */
  readonly inArtifact: boolean;
  /** ParentTree key, once the stream has an MCID. */
  key: number | undefined;
}

export class MarkedContent {
  private readonly states: StreamState[] = [];

  constructor(private readonly structure: StructureBuilder, private readonly sink: () => ContentSink) {}

  /** Starts a page's content stream; `pageDictionary` receives /StructParents when needed. */
  beginPage(page: number, pageDictionary: PdfRef): void {
    this.states.length = 0;
    this.states.push(this.newState({ page, form: undefined, owners: [] }, false));
    this.pageDictionary = pageDictionary;
  }

  private pageDictionary: PdfRef | undefined;

  private newState(stream: MarkedStream, inArtifact: boolean): StreamState {
    return { stream, open: [], auto: false, pending: undefined, inArtifact, key: undefined };
  }

  private get state(): StreamState {
    const state = this.states[this.states.length - 1];
    if (state === undefined) throw new Error('marked content: no stream');
    return state;
  }

  private emit(operators: string): void {
    this.sink().pushMarked(operators);
  }

  private inArtifact(state: StreamState): boolean {
    return state.inArtifact || state.open.some((o) => o.kind === 'artifact');
  }

  private flushPending(state: StreamState): void {
    if (state.pending === undefined) return;
    state.pending = undefined;
    this.emit('EMC');
  }

  private closeAuto(state: StreamState): void {
    if (!state.auto) return;
    state.auto = false;
    this.emit('EMC');
  }

  beginTag(element: DomElement, part: ContentPart): void {
    const state = this.state;
    this.closeAuto(state);
    if (this.inArtifact(state) || state.open.some((o) => o.kind === 'tag')) {
      this.flushPending(state);
      state.open.push({ kind: 'none' });
      return;
    }
    const target = this.structure.target(element, part);
    if (target.kind === 'artifact') {
      this.beginArtifact('Layout');
      return;
    }
    const node = target.node;
    if (state.pending !== undefined && state.pending.node === node) {
      state.open.push({ kind: 'tag', node, mcid: state.pending.mcid });
      state.pending = undefined;
      return;
    }
    this.flushPending(state);
    const mcid = state.stream.owners.length;
    state.stream.owners.push(node);
    this.structure.addContent(node, state.stream, mcid);
    // the page's stream (the bottom of the stack) gets its key now; a group's when its form exists
    if (state.key === undefined && state === this.states[0]) {
      state.key = this.structure.streamKey(state.stream);
      if (this.pageDictionary !== undefined) this.pageDictionary.data['StructParents'] = state.key;
    }
    state.open.push({ kind: 'tag', node, mcid });
    this.emit(`/${node.role} <</MCID ${mcid}>> BDC`);
  }

  beginArtifact(type: ArtifactType): void {
    const state = this.state;
    this.closeAuto(state);
    this.flushPending(state);
    if (this.inArtifact(state)) {
      state.open.push({ kind: 'none' });
      return;
    }
    state.open.push({ kind: 'artifact' });
    this.emit(`/Artifact <</Type /${type}>> BDC`);
  }

  endMarked(): void {
    const state = this.state;
    const open = state.open.pop();
    if (open === undefined || open.kind === 'none') return;
    if (open.kind === 'artifact') {
      this.emit('EMC');
      return;
    }
    this.closeAuto(state);
    state.pending = { node: open.node, mcid: open.mcid };
  }

  /** Before a painting item: untagged painting becomes an artifact. */
  beforePaint(): void {
    const state = this.state;
    if (state.open.length > 0 || state.inArtifact) return;
    this.flushPending(state);
    if (!state.auto) {
      this.emit('/Artifact BMC');
      state.auto = true;
    }
  }

  /** Before clip and group operators, which must not cut an automatic sequence in two. */
  beforeStructure(): void {
    const state = this.state;
    this.flushPending(state);
    this.closeAuto(state);
  }

  /** A transparency group starts: its content goes to a new stream (a form XObject). */
  openGroup(): void {
    const outer = this.state;
    this.beforeStructure();
    this.states.push(this.newState({ page: outer.stream.page, form: undefined, owners: [] }, this.inArtifact(outer)));
  }

  /** A transparency group ends: its stream, when it holds marked content (it then needs a form). */
  closeGroup(): MarkedStream | undefined {
    this.endStream();
    const state = this.states.pop();
    return state === undefined || state.stream.owners.length === 0 ? undefined : state.stream;
  }

  /** The group's form XObject gets /StructParents; its MCIDs are referenced through it. */
  attachForm(stream: MarkedStream, form: PdfRef): void {
    stream.form = form;
    form.data['StructParents'] = this.structure.streamKey(stream);
  }

  /** Closes whatever is open in the current stream. */
  endStream(): void {
    const state = this.state;
    this.flushPending(state);
    this.closeAuto(state);
    while (state.open.length > 0) {
      const open = state.open.pop()!;
      if (open.kind !== 'none') this.emit('EMC');
    }
  }
}
