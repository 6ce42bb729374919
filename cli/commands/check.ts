import { type Command, UsageError } from '../io.ts';

// Placeholder until its issue lands: refuses loudly rather than pretending.
const command: Command = {
  name: 'check',
  summary: '',
  usage: 'usage: factline check',
  async run() {
    throw new UsageError('`check` is not implemented yet');
  },
};
export default command;
