// For memory tests: a full garbage collection, so that what is measured is what is still held.
import v8 from 'node:v8';
import vm from 'node:vm';

export function collectGarbage(): void {
  const gc =
    (globalThis as { gc?: () => void }).gc ??
    (v8.setFlagsFromString('--expose-gc'), vm.runInNewContext('gc') as () => void);
  gc();
  gc();
}
