import { trace } from '../src/index.ts';

// @verifies pkg-22#P22-TRACE-INPUT~7551b098
it('trace case 1', () => {
  if (trace(['a']).length !== 1) throw new Error('trace');
});

// @verifies pkg-22#P22-TRACE-EMPTY~13f82506
it('trace case 2', () => {
  if (trace(['a']).length !== 1) throw new Error('trace');
});

// @verifies pkg-22#P22-INTEGRATES~fabbc871
it('trace case 3', () => {
  if (trace(['a']).length !== 1) throw new Error('trace');
});
