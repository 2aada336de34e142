// benchmark → the command line of a benchmark that takes no arguments (its settings are environment variables):
// `--help` prints its usage, anything else is refused before a long run starts.
export const takeNoArguments = (usage: string, args: readonly string[] = process.argv.slice(2)): void => {
  if (args.includes('--help') || args.includes('-h')) {
    console.log(usage);
    process.exit(0);
  }
  if (args.length > 0) {
    console.error(`Unknown argument ${args.join(' ')}: it takes none.\n\n${usage}`);
    process.exit(2);
  }
};
