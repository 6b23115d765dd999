// The entry point of `sepaxis/demo`: registers <sepaxis-demo> (sepaxis-demo.js). A page needs
// only this module and the element:
//   <script type="module" src="…/sepaxis/dist/demo.js"></script>
//   <sepaxis-demo scene='{"volumes":[…],"selection":["a","b"]}'></sepaxis-demo>

import { SepaxisDemo } from './sepaxis-demo.js';

if (!customElements.get('sepaxis-demo')) customElements.define('sepaxis-demo', SepaxisDemo);

export { SepaxisDemo };
