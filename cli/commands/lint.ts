import { type Command, UsageError } from '../io.ts';

// Placeholder until its issue lands: refuses loudly rather than pretending.
const command: Command = {
  name: 'lint',
  summary: '',
  usage: 'usage: factline lint',
  async run() {
    throw new UsageError('`lint` is not implemented yet');
  },
};
export default command;
