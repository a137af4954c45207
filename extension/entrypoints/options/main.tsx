import { render } from 'preact';
import { Options } from './Options.js';
import '../../components/styles.css';

render(<Options />, document.getElementById('app')!);
