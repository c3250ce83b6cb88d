// index.html as the build writes it, in the test's document: an empty root and a data block for
// each prerendered screen (vite-plugins/prerender.ts).
import { markupId, TAPPED_PHRASE, type FirstScreen } from '../../app/start-up/first-screens';
import { renderFirstScreens } from '../../app/start-up/prerender';

export async function builtPage(): Promise<HTMLElement> {
  const screens = await renderFirstScreens();
  const root = document.createElement('div');
  root.id = 'root';
  document.body.append(root);
  for (const [screen, html] of Object.entries(screens)) {
    const block = document.createElement('script');
    block.type = 'text/html';
    block.id = markupId(screen as FirstScreen | typeof TAPPED_PHRASE);
    block.text = html;
    document.body.append(block);
  }
  return root;
}
