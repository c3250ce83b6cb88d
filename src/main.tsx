// Browser entry point: hands over to the composition root in src/app.
import { startApp } from './app/start';

startApp(document.getElementById('root')!);
