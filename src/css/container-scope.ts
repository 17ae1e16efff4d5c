/**
 * The query containers around the element being styled (CSS Conditional 5 §6): the cascade
 * enters and leaves them as it walks the document, drops the matched rules whose `@container`
 * conditions fail, and resolves `cq*` units against them. Only elements that are containers (a
 * `container-type` or a `container-name`) are kept, so a document without any costs one test
 * per element.
 *
 * Sizes come from a layout pass (container-passes.ts): the first cascade has none, so its size
 * queries are unknown and its `cq*` units are the page area's. `sizeDependent` tells the caller
 * whether the styles read any container size, i.e. whether another pass can change them.
 */
import type { DomElement } from '../dom/types.js';
import type { ContainerCondition, ContainerSize, QueryContainer } from './container-query.js';
import { queryContainer, queryable } from './container-query.js';
import type { IndexedSelector } from './rule-index.js';
import type { ElementStyles } from './style-sharing.js';
import type { ContainerLengths } from './values/units.js';

/** The content-box sizes of the containers, by element, as the last layout pass measured them. */
export type ContainerSizes = ReadonlyMap<DomElement, ContainerSize>;

export const NO_CONTAINER_SIZES: ContainerSizes = new Map();

interface Viewport {
  readonly width: number;
  readonly height: number;
}

export class ContainerScope {
  private readonly frames: QueryContainer[] = [];
  /** The `cq*` sizes of the current frames (made when first asked after a frame is entered or left). */
  private lengths: ContainerLengths | undefined;
  /** Some size query or `cq*` unit read a container's size (measured or not yet). */
  sizeDependent = false;
  /** Reads of a container's size so far: an element whose style read one is not shared with other renders. */
  sizeReads = 0;

  constructor(private readonly sizes: ContainerSizes, private readonly viewport: Viewport) {}

  /** `styles`'s element is a container for its descendants: pushed, and true, when it is one. */
  enter(element: DomElement, styles: Pick<ElementStyles, 'style' | 'custom'>, rootFontSize: number): boolean {
    const style = styles.style;
    if (style.containerType === 'normal' && style.containerName.length === 0) return false;
    this.frames.push(this.frameOf(element, styles, rootFontSize));
    this.lengths = undefined;
    return true;
  }

  leave(): void {
    this.frames.pop();
    this.lengths = undefined;
  }

  frameOf(element: DomElement | undefined, styles: Pick<ElementStyles, 'style' | 'custom'>, rootFontSize: number): QueryContainer {
    const style = styles.style;
    return {
      style, custom: styles.custom,
      size: element === undefined || style.containerType === 'normal' ? undefined : this.sizes.get(element),
      lengths: { fontSize: style.fontSize, rootFontSize, viewportWidth: this.viewport.width, viewportHeight: this.viewport.height },
    };
  }

  /**
   * Drops from `matched` (in place) the rules of the element whose conditions fail for its
   * ancestors (`parent`: the parent element, for the style queries that name no container).
   * Rules of pseudo-elements are kept when the element may be their container: `pseudosHold`
   * decides them once its style is known. Whether some were kept so.
   */
  filterOwn(matched: IndexedSelector[], parent: QueryContainer | undefined): boolean {
    let deferred = false;
    let count = 0;
    for (let i = 0; i < matched.length; i++) {
      const candidate = matched[i]!;
      const conditions = candidate.rule.containers;
      if (conditions !== undefined) {
        if (candidate.entry.pseudo !== undefined) deferred = true;
        else if (!this.hold(conditions, this.frames, parent)) continue;
      }
      matched[count++] = candidate;
    }
    matched.length = count;
    return deferred;
  }

  /** The pseudo-elements' rules among `matched` whose conditions fail, the element (`self`) being an ancestor of its pseudo-elements. */
  pseudosHold(matched: readonly IndexedSelector[], self: QueryContainer, isContainer: boolean): IndexedSelector[] {
    const frames = isContainer ? [...this.frames, self] : this.frames;
    return matched.filter((m) => m.rule.containers === undefined || m.entry.pseudo === undefined || this.hold(m.rule.containers, frames, self));
  }

  private hold(conditions: readonly ContainerCondition[], frames: readonly QueryContainer[], parent: QueryContainer | undefined): boolean {
    for (const condition of conditions) {
      let holds = false;
      for (const query of condition) {
        const container = queryContainer(query, frames, parent);
        if (container === undefined) continue;
        if (query.features.size > 0) this.readSize();
        if (query.evaluate(container) === true) { holds = true; break; }
      }
      if (!holds) return false;
    }
    return true;
  }

  private readSize(): void {
    this.sizeDependent = true;
    this.sizeReads++;
  }

  /** What `cq*` units resolve against for the element being styled; undefined: the page area's (no size container around it). */
  containerLengths(): ContainerLengths | undefined {
    if (this.frames.length === 0) return undefined;
    this.lengths ??= this.lengthsOf(this.frames.filter((frame) => frame.style.containerType !== 'normal'));
    return this.lengths;
  }

  private lengthsOf(containers: readonly QueryContainer[]): ContainerLengths | undefined {
    if (containers.length === 0) return undefined;
    const { width: pageWidth, height: pageHeight } = this.viewport;
    const nearest = (feature: 'width' | 'height' | 'inline-size' | 'block-size', fallback: number): () => number => () => {
      for (let i = containers.length - 1; i >= 0; i--) {
        const frame = containers[i]!;
        if (!queryable(feature, frame.style)) continue;
        this.readSize();
        const size = frame.size;
        if (size === undefined) return fallback;
        const across = frame.style.writingMode === 'horizontal-tb';
        return feature === 'width' || (feature === 'inline-size' && across) || (feature === 'block-size' && !across) ? size.width : size.height;
      }
      return fallback;
    };
    // read lazily: only an element that uses a `cq*` unit depends on the sizes
    const width = nearest('width', pageWidth);
    const height = nearest('height', pageHeight);
    const inline = nearest('inline-size', pageWidth);
    const block = nearest('block-size', pageHeight);
    return {
      get width() { return width(); },
      get height() { return height(); },
      get inline() { return inline(); },
      get block() { return block(); },
    };
  }
}
