/**
 * Column rules (CSS Multi-column Layout 1 §4): a line in the middle of each gap between two
 * columns of a row that both have content, as tall as the row.
 */
import type { ComputedStyle } from '../../css/types.js';
import type { CollapsedBorderSegment } from '../types.js';
import type { ColumnGeometry } from './columns.js';
import type { ColumnRow } from './column-row.js';

/** The rules of a row whose top is `top` and column height `height`, in the row's frame. */
export function columnRules(row: ColumnRow, style: ComputedStyle, geometry: ColumnGeometry, top: number, height: number): CollapsedBorderSegment[] {
  const ruleStyle = style.columnRuleStyle;
  const width = style.columnRuleWidth;
  if (ruleStyle === 'none' || ruleStyle === 'hidden' || width <= 0 || height <= 0) return [];
  const rules: CollapsedBorderSegment[] = [];
  for (let c = 1; c < row.columns.length; c++) {
    const left = Math.min(row.columns[c - 1]!.x, row.columns[c]!.x);
    const middle = left + geometry.width + geometry.gap / 2;
    rules.push({ x: middle - width / 2, y: top, width, height, vertical: true, style: ruleStyle, color: style.columnRuleColor });
  }
  return rules;
}
