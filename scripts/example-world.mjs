// `npm run example:world`: serves examples/world/ (a few hundred bodies moving, every overlapping
// pair from the package's world each frame, on two threads: the page is served cross-origin
// isolated) with the built package, and prints its URL. PORT picks the port (default 5180).
import { startStaticServer } from './static-server.mjs';

const { url } = await startStaticServer(Number(process.env.PORT ?? 5180));
console.log(`the world example: ${url}world/  (?bodies=N for another count, ?threads=T; Ctrl+C stops)`);
