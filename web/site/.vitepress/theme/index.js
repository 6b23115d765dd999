// The default theme with the site's few additions (custom.css; performance.css for the
// performance page's charts), and, in the browser, the live demos: the package's own
// <sepaxis-demo> (sepaxis/demo, its public API only) and the lessons' exercises, which watch a
// demo's report (exercise.js), and the questions a fit demo's own fits answer (fit-quiz.js). Neither runs while pages are rendered to HTML at build time.
import DefaultTheme from 'vitepress/theme';
import './custom.css';
import './performance.css';

export default {
  extends: DefaultTheme,
  async enhanceApp() {
    if (import.meta.env.SSR) return;
    await import('sepaxis/demo');
    const { SepaxisExercise } = await import('./exercise.js');
    if (!customElements.get('sepaxis-exercise')) customElements.define('sepaxis-exercise', SepaxisExercise);
    const { SepaxisFitQuiz } = await import('./fit-quiz.js');
    if (!customElements.get('sepaxis-fit-quiz')) customElements.define('sepaxis-fit-quiz', SepaxisFitQuiz);
  },
};
