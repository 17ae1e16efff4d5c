/**
 * The DOM octavo works on: htmlparser2's domhandler nodes (css-select matches them natively).
 * Other stages import these names from here, never from domhandler directly.
 */
import type { Document, Element, ChildNode, Text, ParentNode } from 'domhandler';
import type { DocumentMode } from './document-mode.js';

export type DomNode = ChildNode;
export type DomElement = Element;
export type DomText = Text;
export type DomParent = ParentNode;
export type DomRoot = Document;

export interface DomDocument {
  readonly root: DomRoot;
  /** The `<html>` element (the parser always creates one). */
  readonly documentElement: DomElement;
  /** Name used in locations (template path or `<template>`). */
  readonly sourceName: string;
  /** What its doctype says (dom/document-mode.ts): without `<!DOCTYPE html>`, quirks mode. */
  readonly mode: DocumentMode;
  /** Maps a source offset (an element's `startIndex`) to a 1-based line and column. */
  locate(offset: number): { line: number; column: number };
}

export function isElement(node: DomNode | DomRoot): node is DomElement {
  return node.type === 'tag' || node.type === 'script' || node.type === 'style';
}

/** The text of an element's own text children (a `<style>` element's CSS, a `<title>`'s text). */
export function childText(element: DomElement): string {
  return element.children.map((child) => (child.type === 'text' ? child.data : '')).join('');
}

export function isText(node: DomNode | DomRoot): node is DomText {
  return node.type === 'text';
}

/** Makes `children` the children of `parent`, fixing the parent and sibling links css-select walks. */
export function adopt(parent: DomParent, children: DomNode[]): void {
  parent.children = children;
  // a loop, not forEach with a closure: a closure made per call loses its optimised code at each full GC
  for (let index = 0; index < children.length; index++) {
    const child = children[index]!;
    child.parent = parent;
    child.prev = children[index - 1] ?? null;
    child.next = children[index + 1] ?? null;
  }
}
