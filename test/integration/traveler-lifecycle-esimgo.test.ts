// The whole traveler lifecycle file again with every eSIM provisioned through the eSIM Go adapter and its simulator
// (issue 16: the end-to-end lifecycle passes with PROVIDER=es2plus, the default, and with PROVIDER=esimgo).
const previous = process.env.PROVIDER;
process.env.PROVIDER = 'esimgo';
afterAll(() => {
  if (previous === undefined) delete process.env.PROVIDER;
  else process.env.PROVIDER = previous;
});
await import('#test/integration/traveler-lifecycle.test');

export {};
