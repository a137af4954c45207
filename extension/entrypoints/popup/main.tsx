import { render } from 'preact';
import { applyDocumentLanguage } from '../../lib/i18n/t.js';
import { browser } from 'wxt/browser';
import { installReportStyle } from '../../components/report-style.js';
import { takeFirstLook, type FirstLookApi } from '../../lib/popup/first-look.js';
import { App } from './App.js';
import { ReportLanguage } from '../../components/ReportLanguage.js';
// The popup's sheet as text, set by this module: a <link> would be one more file to fetch, and one that
// blocks this module and the first paint until it arrives (measured: a cached result ~45 ms sooner without it).
import popupCss from '../../components/styles.css?inline';

performance.mark('citable:modules'); // all modules loaded and evaluated
applyDocumentLanguage();
installReportStyle({ parts: true });
document.head.append(Object.assign(document.createElement('style'), { textContent: popupCss }));
const root = document.getElementById('app')!;
// The first render waits for the first look (popup-start.js began it before these modules loaded): a recent
// audit is then painted at once, with no empty frame before it. A failed look leaves the App to say why.
void takeFirstLook(browser as unknown as FirstLookApi, location.search).then(
  (first) => {
    performance.mark('citable:first-look');
    render(
      <ReportLanguage>
        <App first={first} />
      </ReportLanguage>,
      root,
    );
    performance.mark('citable:rendered');
  },
  () =>
    render(
      <ReportLanguage>
        <App />
      </ReportLanguage>,
      root,
    ),
);
