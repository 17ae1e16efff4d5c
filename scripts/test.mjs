// `npm test`: the build, the type check, the lint and vitest (arguments go to vitest), overlapped.
// The type check and the lint run beside the build (each of them is mostly one thread) and beside
// vitest, which needs dist/ from the build; their output is printed at the end. The run fails if
// any of the four fails. One after the other they left a core idle for a minute and a half.
import { spawn } from 'node:child_process';

/** Runs a command; resolves with its name, exit code and, when `quiet`, its output. */
function run(script, command, args, quiet = false) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    if (quiet) for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => { output += chunk; });
    child.on('error', (error) => resolve({ script, code: 1, output: `${output}${error.message}\n` }));
    child.on('close', (code, signal) => resolve({ script, code: code ?? (signal ? 1 : 0), output }));
  });
}

const npmRun = (script, quiet) => run(script, 'npm', ['run', '--silent', script], quiet);
const checks = (async () => [await npmRun('typecheck', true), await npmRun('lint', true)])();
const build = await npmRun('build', false);
const tests = build.code === 0 ? await run('vitest', 'npx', ['vitest', 'run', ...process.argv.slice(2)]) : { script: 'vitest', code: 1, output: '' };
const results = [build, ...(await checks), tests];
for (const { script, output } of results) if (output.trim() !== '') process.stdout.write(`\n${script}:\n${output}`);
const failed = results.filter((result) => result.code !== 0).map((result) => result.script);
if (build.code !== 0) process.stderr.write('vitest did not run: the build failed\n');
process.stdout.write(failed.length === 0 ? '\nbuild, typecheck, lint and tests passed\n' : '');
if (failed.length > 0) process.stderr.write(`failed: ${failed.join(', ')}\n`);
process.exitCode = failed.length === 0 ? 0 : 1;
