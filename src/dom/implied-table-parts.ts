/**
 * The table parts HTML's tree builder implies (HTML §13.2.6.4.9 "in table", §13.2.6.4.13 "in
 * table body", §13.2.6.4.14 "in row", §13.2.6.4.12 "in column group"), which htmlparser2 does not
 * make: in a `<table>`, a run of `<tr>`s gets a `<tbody>` around it, a run of `<td>`/`<th>`s a
 * `<tbody><tr>`, a run of `<col>`s a `<colgroup>`. So `tbody tr:nth-child(even)` and
 * `table > tbody > tr > td` match rows written straight in the table, as in browsers.
 *
 * Each run ends where the parser would close its part: at a `caption`, `colgroup`, `thead`,
 * `tbody` or `tfoot` (and a `<col>` run also at a row or anything else). White space, comments,
 * `script`, `style`, `template` and hidden inputs go into the innermost part open where they stand
 * (white space after the last row is the `<tbody>`'s, before the first one the table's).
 *
 * The same pass does the tree builder's foster parenting for the children of the table and of its
 * sections and rows: text that is not all white space and any element that is not a table part
 * there (a `<div>`, a `<span>`) is moved to just before the table, where browsers render it. A `<form>` stays where it is, empty, and its
 * content is read as the table's, as the parser inserts the form and closes it at once.
 *
 * The parts it makes have no tag in the source: each takes the source range of what it wraps, so a
 * diagnostic about one points at the row (or cell, or column) whose tag implied it.
 */
import { Element } from 'domhandler';
import type { DomElement, DomNode } from './types.js';
import { adopt, isElement } from './types.js';

/** Children that close an implied `<tbody>` and `<colgroup>` and stay the table's. */
const TABLE_LEVEL = new Set(['caption', 'colgroup', 'table']);
const SECTIONS = new Set(['thead', 'tbody', 'tfoot']);
/** Children inserted where they stand, into the innermost part open (HTML §13.2.6.4.9, "in head" rules). */
const IN_PLACE = new Set(['script', 'style', 'template']);
/** The parts whose own children the tree builder sorts: text in them is foster parented. */
const SORTING_PARTS = new Set(['table', 'thead', 'tbody', 'tfoot', 'tr']);

function isHiddenInput(name: string, attribs: Readonly<Record<string, string>>): boolean {
  return name === 'input' && attribs['type']?.toLowerCase() === 'hidden';
}

/** Whether `name` is a child that `parent` (a table part) keeps as it is. */
function fitsIn(parent: string, name: string, attribs: Readonly<Record<string, string>>): boolean {
  if (IN_PLACE.has(name) || isHiddenInput(name, attribs)) return true;
  switch (parent) {
    case 'table': return TABLE_LEVEL.has(name) || SECTIONS.has(name);
    case 'tr': return name === 'td' || name === 'th';
    default: return name === 'tr'; // thead, tbody, tfoot
  }
}

/** Whether text in a table part is foster parented (not all white space: HTML §13.2.6.4.10 "in table text"). */
function isFosteredText(data: string): boolean {
  return /[^ \t\n\f\r]/.test(data);
}

/**
 * The table to fix (`fixTableChildren`) when an element `name` or text (`name` undefined) is put
 * in `parent`: the parser asks while building, so that only such tables are walked.
 */
export function tableToFix(parent: DomElement, name: string | undefined, attribs: Readonly<Record<string, string>>, text = ''): DomElement | undefined {
  if (!SORTING_PARTS.has(parent.name)) return undefined;
  if (name === undefined ? !isFosteredText(text) : fitsIn(parent.name, name, attribs)) return undefined;
  for (let part: DomElement = parent; ;) {
    if (part.name === 'table') {
      if (part !== parent) withStrayInParts.add(part);
      return part;
    }
    const up = part.parent;
    if (up === null || !isElement(up) || !SORTING_PARTS.has(up.name)) return undefined; // a stray part outside any table
    part = up;
  }
}

/**
 * Tables with a stray child in an explicit section or row: only their sections' and rows' children
 * are read (a scan of every row of a long table costs more than the rest of the pass).
 */
const withStrayInParts = new WeakSet<DomElement>();

/** Whether an explicit section or row holds a child the pass has to move or wrap (so its children are rebuilt). */
function needsSorting(part: DomElement): boolean {
  for (const child of part.children) {
    if (isElement(child) ? !fitsIn(part.name, child.name, child.attribs) || (child.name === 'tr' && needsSorting(child)) : child.type === 'text' && isFosteredText(child.data)) return true;
  }
  return false;
}

/** A part the pass is filling: the element and its new children, adopted once it closes. */
interface OpenPart {
  readonly element: DomElement;
  readonly children: DomNode[];
  /** Made by the pass (it takes the source range of its children). */
  readonly implied: boolean;
}

/**
 * One pass over a table's children in the tree builder's modes: "in table" with nothing open,
 * "in table body" with a section open, "in row" with a row open, "in column group" with columns
 * open. Builds the table's new children and the list of nodes moved before it.
 */
class TableChildren {
  constructor(private readonly sortsParts: boolean) {}

  readonly children: DomNode[] = [];
  readonly fostered: DomNode[] = [];
  private section: OpenPart | undefined;
  private row: OpenPart | undefined;
  private columns: OpenPart | undefined;

  add(node: DomNode): void {
    if (!isElement(node)) {
      if (node.type === 'text' && isFosteredText(node.data)) this.fostered.push(node);
      else this.innermost().push(node);
      return;
    }
    const name = node.name;
    if (name === 'tr') {
      this.closeColumns();
      this.closeRow();
      this.openSection(node).children.push(node);
      if (this.sortsParts && needsSorting(node)) this.sortChildren(node, 'row');
    } else if (name === 'td' || name === 'th') {
      this.closeColumns();
      const section = this.openSection(node);
      if (this.row === undefined) {
        this.row = part('tr', node);
        section.children.push(this.row.element);
      }
      this.row.children.push(node);
    } else if (name === 'col') {
      this.closeSection();
      if (this.columns === undefined) {
        this.columns = part('colgroup', node);
        this.children.push(this.columns.element);
      }
      this.columns.children.push(node);
    } else if (TABLE_LEVEL.has(name) || SECTIONS.has(name)) {
      this.closeColumns();
      this.closeSection();
      this.children.push(node);
      if (SECTIONS.has(name) && this.sortsParts && needsSorting(node)) this.sortChildren(node, 'section');
    } else if (IN_PLACE.has(name) || isHiddenInput(name, node.attribs)) {
      this.innermost().push(node);
    } else if (name === 'form') {
      // inserted and closed at once (HTML §13.2.6.4.9): it stays empty, its content is the table's
      const content = node.children;
      adopt(node, []);
      this.innermost().push(node);
      for (const child of content) this.add(child);
    } else {
      this.fostered.push(node);
    }
  }

  /** Closes every part still open. */
  end(): void {
    this.closeColumns();
    this.closeSection();
  }

  /** Reads an explicit section's or row's children in its mode; its end tag closes it unless a child already did. */
  private sortChildren(element: DomElement, level: 'section' | 'row'): void {
    const open: OpenPart = { element, children: [], implied: false };
    const content = element.children;
    if (level === 'section') this.section = open;
    else this.row = open;
    for (const child of content) this.add(child);
    if (level === 'section' && this.section === open) this.closeSection();
    if (level === 'row' && this.row === open) this.closeRow();
  }

  /** The list a node inserted at the current node goes into. */
  private innermost(): DomNode[] {
    return (this.row ?? this.section ?? this.columns)?.children ?? this.children;
  }

  private openSection(from: DomElement): OpenPart {
    if (this.section === undefined) {
      this.section = part('tbody', from);
      this.children.push(this.section.element);
    }
    return this.section;
  }

  private closeRow(): void {
    if (this.row !== undefined) close(this.row);
    this.row = undefined;
  }

  private closeSection(): void {
    this.closeRow();
    if (this.section !== undefined) close(this.section);
    this.section = undefined;
  }

  private closeColumns(): void {
    if (this.columns !== undefined) close(this.columns);
    this.columns = undefined;
  }
}

/** An implied part, starting where the tag that implied it does. */
function part(name: string, from: DomElement): OpenPart {
  const element = new Element(name, {});
  element.startIndex = from.startIndex;
  return { element, children: [], implied: true };
}

function close(open: OpenPart): void {
  if (open.implied) open.element.endIndex = open.children[open.children.length - 1]?.endIndex ?? open.element.startIndex;
  adopt(open.element, open.children);
}

/**
 * Gives `table` the children the tree builder would have given it: implied parts made, foster
 * parented nodes moved before it. One pass over its children; the table's parent's list is
 * rebuilt only when something is moved there.
 */
export function fixTableChildren(table: DomElement): void {
  const pass = new TableChildren(withStrayInParts.has(table));
  for (const child of table.children) pass.add(child);
  pass.end();
  adopt(table, pass.children);
  const parent = table.parent;
  if (pass.fostered.length === 0 || parent === null) return;
  const siblings = parent.children;
  const at = siblings.indexOf(table);
  adopt(parent, [...siblings.slice(0, at), ...pass.fostered, ...siblings.slice(at)]);
}
