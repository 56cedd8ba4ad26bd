export async function main(argv: string[]): Promise<number> {
  process.stdout.write(`stub ${argv.join(' ')}\n`);
  return 0;
}
