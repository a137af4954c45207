import { render } from 'preact';
import { App } from './App.js';
import '../../components/styles.css';

render(<App />, document.getElementById('app')!);
