// antd's styles, baked at build time (client/antdStaticStyles.ts), before the app's own.
import 'virtual:antd-styles.css';
import './styles.css';
import { startFirstRequests } from './firstRequests';
import { prefetching } from './prefetch';

// Screens load on demand from hashed files; a tab opened before a release asks for files the
// release removed. Reload once to pick up the new ones (not in a loop: the flag lives for the visit).
window.addEventListener('vite:preloadError', (event) => {
  // A screen fetched ahead: the page stays as it is; opening that screen later fails and reloads then.
  if (prefetching()) {
    event.preventDefault();
    return;
  }
  if (sessionStorage.getItem('reloadedForRelease')) return;
  sessionStorage.setItem('reloadedForRelease', '1');
  event.preventDefault();
  window.location.reload();
});

/*
 * The entry only asks for what the first screen needs (its code, the profile, its data); the app
 * (React's root, antd and the shell: boot.tsx) is evaluated in a task of its own once that is under
 * way. Evaluated with the entry, it was the first load's longest task, more than half of its
 * blocking time on a laptop (issue 26).
 */
startFirstRequests();
void import('./boot').catch(showLoadFailure);

/**
 * The app's code could not be loaded (the network went, or the reload for a new release did not
 * help): said in place of the first paint, with a way to try again, in plain elements, since
 * neither React nor antd has come.
 */
function showLoadFailure(): void {
  const message = document.createElement('div');
  message.className = 'app-load-failure';
  message.setAttribute('role', 'alert');
  const text = document.createElement('p');
  text.textContent = 'The app could not load. Check your connection and try again.';
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = 'Reload';
  button.addEventListener('click', () => window.location.reload());
  message.append(text, button);
  document.getElementById('root')!.replaceChildren(message);
}
