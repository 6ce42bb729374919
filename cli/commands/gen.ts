import { type Command, UsageError } from '../io.ts';

// Placeholder until its issue lands: refuses loudly rather than pretending.
const command: Command = {
  name: 'gen',
  summary: '',
  usage: 'usage: factline gen',
  async run() {
    throw new UsageError('`gen` is not implemented yet');
  },
};
export default command;
