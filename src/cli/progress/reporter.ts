/**
 * Progress of `octavo render --batch`: on a terminal a bar drawn by cli-progress (done/total,
 * failures, rate over the documents written, time left), with each failure printed above it; on
 * anything else (a pipe, a CI log) a plain line at each tenth. The only module that imports
 * cli-progress.
 */
import { MultiBar } from 'cli-progress';

export interface ProgressReporter {
  /** `done` documents finished, `written` of them successfully. */
  update(done: number, written: number): void;
  /** A line printed above the bar (or as is without one). */
  log(line: string): void;
  stop(): void;
}

interface Stream extends NodeJS.WritableStream {
  readonly isTTY?: boolean;
}

function plainLines(stream: Stream, total: number): ProgressReporter {
  let lastTenth = 0;
  return {
    update(done) {
      const tenth = Math.floor((done / total) * 10);
      if (tenth > lastTenth || done === total) {
        lastTenth = tenth;
        stream.write(`${done}/${total} documents\n`);
      }
    },
    log(line) {
      stream.write(line);
    },
    stop() {},
  };
}

function bar(stream: Stream, total: number, started: number): ProgressReporter {
  const bars = new MultiBar({
    stream,
    format: ' {bar} {value}/{total} documents | {failed} failed | {rate} | {eta_formatted} left',
    barCompleteChar: '█',
    barIncompleteChar: '░',
    hideCursor: true,
    clearOnComplete: false, // the finished bar stays above the summary
    etaBuffer: 50,
  });
  const line = bars.create(total, 0, { failed: 0, rate: '-' });
  return {
    update(done, written) {
      const seconds = (performance.now() - started) / 1000;
      // a rate over the documents written: failures are fast and would flatter it
      const rate = written > 0 && seconds > 0 ? `${(written / seconds).toFixed(1)} documents/s` : '-';
      line.update(done, { failed: done - written, rate });
    },
    log(text) {
      bars.log(text);
    },
    stop() {
      bars.stop();
    },
  };
}

export function progressReporter(stream: NodeJS.WritableStream, total: number, started: number): ProgressReporter {
  return (stream as Stream).isTTY === true ? bar(stream as Stream, total, started) : plainLines(stream as Stream, total);
}
