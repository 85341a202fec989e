import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

// Repeats each failure's error at the very end of the run, after the list and its attachments:
// where a run is read from its last lines (CI keeps only the tail), the reason must be there.
const linesKept = 25;

function plain(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/\u001b\[[0-9;]*m/g, '');
}

export default class FailureSummary implements Reporter {
  private readonly failures: string[] = [];

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status === 'passed' || result.status === 'skipped' || result.status === test.expectedStatus) return;
    const where = `${test.location.file.replace(/^.*\/e2e\//, 'e2e/')}:${test.location.line}`;
    const errors = result.errors.map((error) => {
      const line = error.location ? ` (line ${error.location.line})` : '';
      return plain(error.message ?? error.value ?? '')
        .split('\n')
        .slice(0, linesKept)
        .join('\n')
        .concat(line);
    });
    const step = result.steps.findLast((candidate) => candidate.error !== undefined);
    this.failures.push(
      [`✘ ${where} › ${test.title} (${result.status}, after ${Math.round(result.duration / 1000)} s)`, step ? `  at step: ${step.title}` : '', ...errors]
        .filter((line) => line !== '')
        .join('\n'),
    );
  }

  onEnd(result: FullResult): void {
    if (this.failures.length === 0) return;
    console.log(`\n── ${this.failures.length} failed (${result.status}); their errors again ──`);
    for (const failure of this.failures) console.log(`${failure}\n`);
  }

  printsToStdio(): boolean {
    return true;
  }
}
