/**
 * The structural check of GSUB and GPOS (layout-table-check.ts): their header, ScriptList,
 * FeatureList, LookupList, every lookup's subtables (through Extension ones) and what those point
 * to (Coverage, ClassDef, rule sets, ValueRecords' devices, anchors, mark arrays), and GPOS/GSUB 1.1
 * FeatureVariations, walked as fontkit 2 decodes them (its tables/opentype.js, GSUB.js, GPOS.js,
 * variations.js).
 */
import { hex, offsetArray, unknownFormat, type TableWalker } from './table-walker.js';

// ─── GSUB and GPOS: header, scripts, features, lookups (fontkit's tables/opentype.js) ───

export function checkGsub(walker: TableWalker): void {
  checkLayoutHeader(walker, checkGsubSubtable);
}

export function checkGpos(walker: TableWalker): void {
  checkLayoutHeader(walker, checkGposSubtable);
}

type SubtableCheck = (walker: TableWalker, lookupType: number, at: number) => void;

function checkLayoutHeader(walker: TableWalker, subtable: SubtableCheck): void {
  const version = walker.u32(0, 'version');
  if (version !== 0x00010000 && version !== 0x00010001) walker.fail(`version ${hex(version)} is not 1.0 or 1.1`);
  const scripts = walker.offset16(0, 4, 'ScriptList');
  if (scripts !== undefined) checkScriptList(walker, scripts);
  const features = walker.offset16(0, 6, 'FeatureList');
  if (features !== undefined) checkFeatureList(walker, features);
  const lookups = walker.offset16(0, 8, 'LookupList');
  if (lookups !== undefined) {
    const count = walker.u16(lookups, 'LookupList count');
    walker.offsets16(lookups, lookups + 2, count, 'Lookup', (lookup) => checkLookup(walker, lookup, subtable));
  }
  if (version === 0x00010001) {
    const variations = walker.offset32(0, 10, 'FeatureVariations');
    if (variations !== undefined) checkFeatureVariations(walker, variations);
  }
}

function checkScriptList(walker: TableWalker, at: number): void {
  const count = walker.u16(at, 'ScriptList count');
  walker.need(at + 2, count, 6, 'ScriptRecords');
  for (let i = 0; i < count; i++) {
    const script = walker.offset16(at, at + 2 + 6 * i + 4, 'Script');
    if (script === undefined) continue;
    const defaultLangSys = walker.offset16(script, script, 'default LangSys');
    if (defaultLangSys !== undefined) checkLangSys(walker, defaultLangSys);
    const langSysCount = walker.u16(script + 2, 'LangSysRecord count');
    walker.need(script + 4, langSysCount, 6, 'LangSysRecords');
    for (let j = 0; j < langSysCount; j++) {
      const langSys = walker.offset16(script, script + 4 + 6 * j + 4, 'LangSys');
      if (langSys !== undefined) checkLangSys(walker, langSys);
    }
  }
}

function checkLangSys(walker: TableWalker, at: number): void {
  const count = walker.u16(at + 4, 'LangSys feature count');
  walker.need(at + 6, count, 2, 'LangSys feature indexes');
}

function checkFeatureList(walker: TableWalker, at: number): void {
  const count = walker.u16(at, 'FeatureList count');
  walker.need(at + 2, count, 6, 'FeatureRecords');
  for (let i = 0; i < count; i++) {
    const feature = walker.offset16(at, at + 2 + 6 * i + 4, 'Feature');
    if (feature !== undefined) checkFeature(walker, feature);
  }
}

function checkFeature(walker: TableWalker, at: number): void {
  const params = walker.offset16(at, at, 'FeatureParams');
  if (params !== undefined) walker.need(params, 1, 4, 'FeatureParams');
  const count = walker.u16(at + 2, 'Feature lookup count');
  walker.need(at + 4, count, 2, 'Feature lookup indexes');
}

function checkLookup(walker: TableWalker, at: number, subtable: SubtableCheck): void {
  const lookupType = walker.u16(at, 'Lookup type');
  const flags = walker.u16(at + 2, 'Lookup flags');
  const count = walker.u16(at + 4, 'Lookup subtable count');
  walker.offsets16(at, at + 6, count, `lookup type ${lookupType} subtable`, (target) => subtable(walker, lookupType, target));
  if ((flags & 0x10) !== 0) walker.need(at + 6 + 2 * count, 1, 2, 'Lookup mark filtering set');
}

/** Extension subtables (GSUB 7, GPOS 9): the subtable of another type they point to, which cannot be an extension. */
function checkExtension(walker: TableWalker, at: number, extensionType: number, subtable: SubtableCheck): void {
  const lookupType = walker.u16(at + 2, 'Extension lookup type');
  if (lookupType === extensionType) walker.fail(`Extension subtable at byte ${at} points to another Extension`);
  const target = walker.offset32(at, at + 4, 'Extension subtable');
  if (target !== undefined) subtable(walker, lookupType, target);
}

export function checkCoverage(walker: TableWalker, at: number): void {
  const format = walker.u16(at, 'Coverage format');
  const count = walker.u16(at + 2, 'Coverage count');
  if (format === 1) walker.need(at + 4, count, 2, 'Coverage glyphs');
  else if (format === 2) walker.need(at + 4, count, 6, 'Coverage ranges');
  else unknownFormat(walker, 'Coverage', format, at);
}

export function checkClassDef(walker: TableWalker, at: number): void {
  const format = walker.u16(at, 'ClassDef format');
  if (format === 1) walker.need(at + 6, walker.u16(at + 4, 'ClassDef glyph count'), 2, 'ClassDef classes');
  else if (format === 2) walker.need(at + 4, walker.u16(at + 2, 'ClassDef range count'), 6, 'ClassDef ranges');
  else unknownFormat(walker, 'ClassDef', format, at);
}

export function coverageAt(walker: TableWalker, base: number, at: number): void {
  const coverage = walker.offset16(base, at, 'Coverage');
  if (coverage !== undefined) checkCoverage(walker, coverage);
}

export function classDefAt(walker: TableWalker, base: number, at: number): void {
  const classDef = walker.offset16(base, at, 'ClassDef');
  if (classDef !== undefined) checkClassDef(walker, classDef);
}

/** A count-prefixed array of offsets (from the array's start) to items checked by `item`. */
const inputCount = (count: number): number => Math.max(0, count - 1);

/** Contextual lookups (GSUB 5, GPOS 7). */
function checkContext(walker: TableWalker, at: number): void {
  const format = walker.u16(at, 'Context format');
  if (format === 1 || format === 2) {
    coverageAt(walker, at, at + 2);
    if (format === 2) classDefAt(walker, at, at + 4);
    const setsAt = format === 1 ? at + 4 : at + 6;
    walker.offsets16(at, setsAt + 2, walker.u16(setsAt, 'Context rule set count'), 'Context rule set', (set) => {
      offsetArray(walker, set, 'Context rule', (rule) => {
        const glyphCount = walker.u16(rule, 'Context rule glyph count');
        const lookupCount = walker.u16(rule + 2, 'Context rule lookup count');
        walker.need(rule + 4, inputCount(glyphCount), 2, 'Context rule input');
        walker.need(rule + 4 + 2 * inputCount(glyphCount), lookupCount, 4, 'Context rule lookup records');
      });
    });
  } else if (format === 3) {
    const glyphCount = walker.u16(at + 2, 'Context glyph count');
    const lookupCount = walker.u16(at + 4, 'Context lookup count');
    walker.offsets16(at, at + 6, glyphCount, 'Context coverage', (coverage) => checkCoverage(walker, coverage));
    walker.need(at + 6 + 2 * glyphCount, lookupCount, 4, 'Context lookup records');
  } else unknownFormat(walker, 'Context subtable', format, at);
}

/** A chain rule's parts in order: each a count, then that many items of this size (labels made once: a font has thousands of rules). */
const CHAIN_RULE_PARTS = [['ChainContext rule backtrack', 2], ['ChainContext rule input', 2], ['ChainContext rule lookahead', 2], ['ChainContext rule lookup records', 4]] as const;

/** Chaining contextual lookups (GSUB 6, GPOS 8). */
function checkChainingContext(walker: TableWalker, at: number): void {
  const format = walker.u16(at, 'ChainContext format');
  if (format === 1 || format === 2) {
    coverageAt(walker, at, at + 2);
    if (format === 2) for (const field of [4, 6, 8]) classDefAt(walker, at, at + field);
    const setsAt = format === 1 ? at + 4 : at + 10;
    walker.offsets16(at, setsAt + 2, walker.u16(setsAt, 'ChainContext rule set count'), 'ChainContext rule set', (set) => {
      offsetArray(walker, set, 'ChainContext rule', (rule) => {
        let field = rule;
        for (const [part, size] of CHAIN_RULE_PARTS) {
          const count = walker.u16(field, part, ' count');
          const items = part === 'ChainContext rule input' ? inputCount(count) : count;
          walker.need(field + 2, items, size, part);
          field += 2 + size * items;
        }
      });
    });
  } else if (format === 3) {
    let field = at + 2;
    for (const part of ['ChainContext backtrack coverage', 'ChainContext input coverage', 'ChainContext lookahead coverage']) {
      const count = walker.u16(field, part, ' count');
      walker.offsets16(at, field + 2, count, part, (coverage) => checkCoverage(walker, coverage));
      field += 2 + 2 * count;
    }
    walker.need(field + 2, walker.u16(field, 'ChainContext lookup count'), 4, 'ChainContext lookup records');
  } else unknownFormat(walker, 'ChainContext subtable', format, at);
}

// ─── GSUB subtables (fontkit's tables/GSUB.js) ───

function checkGsubSubtable(walker: TableWalker, lookupType: number, at: number): void {
  switch (lookupType) {
    case 1: {
      const format = walker.u16(at, 'SingleSubst format');
      coverageAt(walker, at, at + 2);
      if (format === 1) walker.need(at + 4, 1, 2, 'SingleSubst delta');
      else if (format === 2) walker.need(at + 6, walker.u16(at + 4, 'SingleSubst glyph count'), 2, 'SingleSubst substitutes');
      else unknownFormat(walker, 'SingleSubst', format, at);
      return;
    }
    case 2: case 3: case 4: {
      const name = lookupType === 2 ? 'Sequence' : lookupType === 3 ? 'AlternateSet' : 'LigatureSet';
      coverageAt(walker, at, at + 2);
      walker.offsets16(at, at + 6, walker.u16(at + 4, name, ' count'), name, (set) => {
        if (lookupType !== 4) {
          walker.need(set + 2, walker.u16(set, name, ' glyph count'), 2, name, ' glyphs');
          return;
        }
        offsetArray(walker, set, 'Ligature', (ligature) => {
          walker.need(ligature + 4, inputCount(walker.u16(ligature + 2, 'Ligature component count')), 2, 'Ligature components');
        });
      });
      return;
    }
    case 5: return checkContext(walker, at);
    case 6: return checkChainingContext(walker, at);
    case 7: return checkExtension(walker, at, 7, checkGsubSubtable);
    case 8: {
      coverageAt(walker, at, at + 2);
      let field = at + 4;
      for (const part of ['backtrack', 'lookahead'] as const) {
        const count = walker.u16(field, `ReverseChainSingleSubst ${part} count`);
        walker.offsets16(at, field + 2, count, `ReverseChainSingleSubst ${part} coverage`, (coverage) => checkCoverage(walker, coverage));
        field += 2 + 2 * count;
      }
      walker.need(field + 2, walker.u16(field, 'ReverseChainSingleSubst glyph count'), 2, 'ReverseChainSingleSubst substitutes');
      return;
    }
    default: walker.fail(`GSUB lookup type ${lookupType} (a subtable at byte ${at}) does not exist`);
  }
}

// ─── GPOS subtables (fontkit's tables/GPOS.js) ───

/** Bytes of a ValueRecord of this format (fontkit reads the eight low bits' fields, two bytes each). */
function valueRecordSize(format: number): number {
  let size = 0;
  for (let bit = 0; bit < 8; bit++) if ((format & (1 << bit)) !== 0) size += 2;
  return size;
}

/** A ValueRecord's device offsets (bits 4–7), relative to the subtable (fontkit's `rel`). */
function checkValueRecord(walker: TableWalker, subtable: number, at: number, format: number): void {
  walker.need(at, 1, valueRecordSize(format), 'ValueRecord');
  let field = at;
  for (let bit = 0; bit < 8; bit++) {
    if ((format & (1 << bit)) === 0) continue;
    if (bit >= 4) {
      const device = walker.offset16(subtable, field, 'Device');
      if (device !== undefined) walker.need(device, 1, 6, 'Device');
    }
    field += 2;
  }
}

/** ValueRecords without device offsets are read as one block; with them, one by one. */
function checkValueRecords(walker: TableWalker, subtable: number, records: { readonly at: number; readonly count: number; readonly stride: number }, format: number): void {
  if ((format & 0xf0) === 0) return;
  for (let i = 0; i < records.count; i++) checkValueRecord(walker, subtable, records.at + i * records.stride, format);
}

function checkAnchor(walker: TableWalker, at: number): void {
  const format = walker.u16(at, 'Anchor format');
  if (format === 1) walker.need(at + 2, 1, 4, 'Anchor');
  else if (format === 2) walker.need(at + 2, 1, 6, 'Anchor');
  else if (format === 3) {
    walker.need(at + 2, 1, 4, 'Anchor');
    for (const field of [6, 8]) {
      const device = walker.offset16(at, at + field, 'Anchor device');
      if (device !== undefined) walker.need(device, 1, 6, 'Device');
    }
  } else unknownFormat(walker, 'Anchor', format, at);
}

/**
 * A null or format-1 anchor offset, nearly every one of a font's thousands of anchors, with
 * the same bounds and the same work counted as the checked path in two reads instead of seven
 * calls; anything else (other formats, damage, the budget reached) falls back to that path, which
 * reads it again from the start and fails with its own message.
 */
function plainAnchorAt(walker: TableWalker, base: number, at: number): boolean {
  const offset = walker.peekU16(at);
  if (offset < 0) return false;
  if (offset === 0) return walker.take(2);
  const anchor = base + offset;
  if (anchor + 6 > walker.length || walker.peekU16(anchor) !== 1) return false;
  return walker.take(8);
}

function anchorAt(walker: TableWalker, base: number, at: number): void {
  if (plainAnchorAt(walker, base, at)) return;
  const anchor = walker.offset16(base, at, 'Anchor');
  if (anchor !== undefined) checkAnchor(walker, anchor);
}

function checkMarkArray(walker: TableWalker, at: number): void {
  const count = walker.u16(at, 'MarkArray count');
  walker.need(at + 2, count, 4, 'MarkRecords');
  for (let i = 0; i < count; i++) anchorAt(walker, at, at + 2 + 4 * i + 2);
}

/** A BaseArray (or Mark2Array): per record, `classCount` anchor offsets from the array's start. */
function checkAnchorMatrix(walker: TableWalker, at: number, classCount: number, what: string): void {
  const count = walker.u16(at, what, ' count');
  walker.need(at + 2, count * classCount, 2, what, ' anchor offsets');
  for (let i = 0; i < count * classCount; i++) anchorAt(walker, at, at + 2 + 2 * i);
}

function checkGposSubtable(walker: TableWalker, lookupType: number, at: number): void {
  switch (lookupType) {
    case 1: {
      const format = walker.u16(at, 'SinglePos format');
      coverageAt(walker, at, at + 2);
      const valueFormat = walker.u16(at + 4, 'SinglePos value format');
      const size = valueRecordSize(valueFormat);
      if (format === 1) checkValueRecord(walker, at, at + 6, valueFormat);
      else if (format === 2) {
        const count = walker.u16(at + 6, 'SinglePos value count');
        walker.need(at + 8, count, size, 'SinglePos values');
        checkValueRecords(walker, at, { at: at + 8, count, stride: size }, valueFormat);
      } else unknownFormat(walker, 'SinglePos', format, at);
      return;
    }
    case 2: {
      const format = walker.u16(at, 'PairPos format');
      coverageAt(walker, at, at + 2);
      const format1 = walker.u16(at + 4, 'PairPos value format 1');
      const format2 = walker.u16(at + 6, 'PairPos value format 2');
      const size1 = valueRecordSize(format1);
      const record = size1 + valueRecordSize(format2);
      if (format === 1) {
        walker.offsets16(at, at + 10, walker.u16(at + 8, 'PairSet count'), 'PairSet', (set) => {
          const count = walker.u16(set, 'PairValueRecord count');
          walker.need(set + 2, count, 2 + record, 'PairValueRecords');
          checkValueRecords(walker, at, { at: set + 4, count, stride: 2 + record }, format1);
          checkValueRecords(walker, at, { at: set + 4 + size1, count, stride: 2 + record }, format2);
        });
      } else if (format === 2) {
        classDefAt(walker, at, at + 8);
        classDefAt(walker, at, at + 10);
        const count = walker.u16(at + 12, 'Class1 count') * walker.u16(at + 14, 'Class2 count');
        walker.need(at + 16, count, record, 'Class2Records');
        checkValueRecords(walker, at, { at: at + 16, count, stride: record }, format1);
        checkValueRecords(walker, at, { at: at + 16 + size1, count, stride: record }, format2);
      } else unknownFormat(walker, 'PairPos', format, at);
      return;
    }
    case 3: {
      coverageAt(walker, at, at + 2);
      const count = walker.u16(at + 4, 'EntryExitRecord count');
      walker.need(at + 6, count, 4, 'EntryExitRecords');
      for (let i = 0; i < 2 * count; i++) anchorAt(walker, at, at + 6 + 2 * i);
      return;
    }
    case 4: case 5: case 6: {
      coverageAt(walker, at, at + 2);
      coverageAt(walker, at, at + 4);
      const classCount = walker.u16(at + 6, 'Mark class count');
      const marks = walker.offset16(at, at + 8, 'MarkArray');
      if (marks !== undefined) checkMarkArray(walker, marks);
      const attached = walker.offset16(at, at + 10, lookupType === 5 ? 'LigatureArray' : lookupType === 4 ? 'BaseArray' : 'Mark2Array');
      if (attached === undefined) return;
      if (lookupType !== 5) return checkAnchorMatrix(walker, attached, classCount, lookupType === 4 ? 'BaseArray' : 'Mark2Array');
      offsetArray(walker, attached, 'LigatureAttach', (ligature) => checkAnchorMatrix(walker, ligature, classCount, 'LigatureAttach'));
      return;
    }
    case 7: return checkContext(walker, at);
    case 8: return checkChainingContext(walker, at);
    case 9: return checkExtension(walker, at, 9, checkGposSubtable);
    default: walker.fail(`GPOS lookup type ${lookupType} (a subtable at byte ${at}) does not exist`);
  }
}

// ─── FeatureVariations and ItemVariationStore (fontkit's tables/variations.js) ───

function checkFeatureVariations(walker: TableWalker, at: number): void {
  const count = walker.u32(at + 4, 'FeatureVariationRecord count');
  walker.need(at + 8, count, 8, 'FeatureVariationRecords');
  for (let i = 0; i < count; i++) {
    const record = at + 8 + 8 * i;
    const conditions = walker.offset32(at, record, 'ConditionSet');
    if (conditions !== undefined) {
      const conditionCount = walker.u16(conditions, 'Condition count');
      walker.need(conditions + 2, conditionCount, 4, 'Condition offsets');
      for (let j = 0; j < conditionCount; j++) {
        const condition = walker.offset32(conditions, conditions + 2 + 4 * j, 'Condition');
        if (condition === undefined) continue;
        const format = walker.u16(condition, 'Condition format');
        if (format !== 1) unknownFormat(walker, 'Condition', format, condition);
        walker.need(condition + 2, 1, 6, 'Condition');
      }
    }
    const substitution = walker.offset32(at, record + 4, 'FeatureTableSubstitution');
    if (substitution === undefined) continue;
    const substitutionCount = walker.u16(substitution + 4, 'FeatureTableSubstitution count');
    walker.need(substitution + 6, substitutionCount, 6, 'FeatureTableSubstitutionRecords');
    for (let j = 0; j < substitutionCount; j++) {
      const feature = walker.offset32(substitution, substitution + 6 + 6 * j + 2, 'alternate Feature');
      if (feature !== undefined) checkFeature(walker, feature);
    }
  }
}
