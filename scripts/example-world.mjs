// `npm run example:world`: serves examples/world/ (a small game on the package's world: a
// character walks a level of triangles among a few hundred crates and balls and knocks them away
// with a ray; the world on two threads: the page is served cross-origin isolated) with the built
// package, and prints its URL. PORT picks the port (default 5180).
import { startStaticServer } from './static-server.mjs';

const { url } = await startStaticServer(Number(process.env.PORT ?? 5180));
console.log(`the world example: ${url}world/  (WASD or the arrow keys walk, Space fires; ?bodies=N crates and balls, ?threads=T; Ctrl+C stops)`);
