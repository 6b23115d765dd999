// The tutorial's <sepaxis-exercise> (web/site/.vitepress/theme/exercise.js), for the test pages.
import { SepaxisExercise } from '/site-theme/exercise.js';

if (!customElements.get('sepaxis-exercise')) customElements.define('sepaxis-exercise', SepaxisExercise);
