import { watch } from '../src/index.ts';

// @verifies pkg-14#P14-WATCH-INPUT~8927c7c3
it('watch case 1', () => {
  if (watch(['a']).length !== 1) throw new Error('watch');
});

// @verifies pkg-14#P14-WATCH-EMPTY~13f82506
it('watch case 2', () => {
  if (watch(['a']).length !== 1) throw new Error('watch');
});

// @verifies pkg-14#P14-INTEGRATES~4dd41026
it('watch case 3', () => {
  if (watch(['a']).length !== 1) throw new Error('watch');
});
