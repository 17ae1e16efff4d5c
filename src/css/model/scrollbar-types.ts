/**
 * Chromium's custom scrollbars: a scroll container that a `::-webkit-scrollbar` rule matches
 * draws its scrollbars from that rule and the rules of their parts (`::-webkit-scrollbar-thumb`,
 * `-track`, `-track-piece`, `-button`, `-corner`), each part a box with the style its rules give
 * (css/custom-scrollbar.ts computes them, layout/scrollbars.ts sizes the bars, paint draws them).
 */
import type { ComputedStyle } from './types.js';

/**
 * A part, as Chromium's `ScrollbarPart` names them: the bar's background (`::-webkit-scrollbar`),
 * its track, the track's pieces before and after the thumb, the thumb, the four buttons (the one
 * that scrolls back at the start, forward at the start, back at the end, forward at the end) and
 * the corner where two bars meet.
 */
export type ScrollbarPart =
  | 'scrollbar' | 'track' | 'track-piece-back' | 'track-piece-forward' | 'thumb'
  | 'button-back-start' | 'button-forward-start' | 'button-back-end' | 'button-forward-end' | 'corner';

/** The pseudo-classes a scrollbar part's selector may add after its pseudo-element (those a printed page can match). */
export type ScrollbarPseudoClass =
  | 'horizontal' | 'vertical' | 'decrement' | 'increment' | 'start' | 'end'
  | 'double-button' | 'single-button' | 'no-button' | 'corner-present' | 'enabled' | 'disabled';

/** What a part's pseudo-classes are matched against: its bar's orientation, whether its content scrolls, whether a corner shows. */
export interface ScrollbarState {
  readonly orientation: 'horizontal' | 'vertical';
  readonly enabled: boolean;
  readonly cornerPresent: boolean;
}

/** An element's custom scrollbar: the style of each part in each state (css/custom-scrollbar.ts `partStyle` reads it). */
export interface CustomScrollbar {
  /** Keyed by part and state (custom-scrollbar.ts `stateKey`); absent: the part is not there. */
  readonly parts: ReadonlyMap<string, ComputedStyle>;
}
