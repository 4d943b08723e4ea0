/**
 * The commit a build was made from and that commit's date, for the footer. Read from git at build
 * time; a build outside a git checkout says "unknown" rather than failing. The commit's date, not
 * the clock's, so two builds of one commit are the same bytes.
 */
import { execFileSync } from 'node:child_process';

function git(args: string[]): string {
  try {
    return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return '';
  }
}

export const buildInfo = {
  commit: git(['rev-parse', '--short=10', 'HEAD']) || 'unknown',
  /** YYYY-MM-DD, or empty. */
  date: git(['log', '-1', '--format=%cs']),
};
