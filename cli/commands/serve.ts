import { type Command, UsageError } from '../io.ts';

// Placeholder until its issue lands: refuses loudly rather than pretending.
const command: Command = {
  name: 'serve',
  summary: '',
  usage: 'usage: factline serve',
  async run() {
    throw new UsageError('`serve` is not implemented yet');
  },
};
export default command;
