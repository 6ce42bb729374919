// The scan pool's worker when the CLI runs from its TypeScript sources (the
// compiled CLI starts dist/cli-scan-worker.js instead): a worker thread does
// not inherit the main thread's tsx loader, so it registers its own first.
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
