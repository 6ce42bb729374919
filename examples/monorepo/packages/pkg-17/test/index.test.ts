import { lock } from '../src/index.ts';

// @verifies pkg-17#P17-LOCK-INPUT~d7f0ca3f
it('lock case 1', () => {
  if (lock(['a']).length !== 1) throw new Error('lock');
});

// @verifies pkg-17#P17-LOCK-EMPTY~13f82506
it('lock case 2', () => {
  if (lock(['a']).length !== 1) throw new Error('lock');
});

// @verifies pkg-17#P17-INTEGRATES~5f29564f
it('lock case 3', () => {
  if (lock(['a']).length !== 1) throw new Error('lock');
});
