// A cold floor process: node starts, loads PDFKit and fontkit, parses the fonts and draws one
// script (JSON file given as argument), as a one-off PDFKit program would.
import { readFileSync, writeFileSync } from 'node:fs';
import { createFloor } from './floor.mjs';

const script = JSON.parse(readFileSync(process.argv[2], 'utf8'));
writeFileSync(process.argv[3], await createFloor(script)());
