import contentImageAlt from '../../../../shared/rules/content-structure/content.image-alt.js';
import { testRule } from '../../rule-tester.js';
import { page } from '../../../helpers/snapshot.js';
import { ownSeverity } from './fixtures.js';

testRule(contentImageAlt, {
  passes: [
    {
      name: 'described images; decorative ones (alt="", role=presentation) are ignored',
      snapshot: page('<img src="a.jpg" alt="A jar of cold brew"><img src="b.svg" alt=""><img src="c.png" role="presentation">'),
    },
    { name: 'a figcaption counts as a description', snapshot: page('<figure><img src="a.jpg"><figcaption>The jar</figcaption></figure>') },
  ],
  partial: [
    {
      name: 'credit for the share described; file names and placeholders do not count',
      snapshot: page('<img src="a.jpg" alt="A jar"><img src="b.jpg"><img src="c.jpg" alt="IMG_2041.jpg"><img src="d.jpg" alt="image">'),
      score: 0.25,
      detail: '3 of 4',
      check: ownSeverity,
    },
    {
      name: 'only a notice when most images are described',
      snapshot: page(`${Array.from({ length: 9 }, (_, i) => `<img src="${i}.jpg" alt="Photo of step ${i}">`).join('')}<img src="x.jpg">`),
      severity: 'notice',
    },
  ],
  notApplicable: [{ name: 'no informative image', snapshot: page('<p>no images</p><img src="d.svg" alt="">') }],
});

testRule(contentImageAlt, {
  passes: [
    {
      name: 'a tracking pixel and a noscript fallback are no images a reader sees',
      snapshot: page(
        '<img src="/cover.jpg" alt="The harbour at dawn"><img src="https://sb.scorecardresearch.com/p?c1=2"><img src="/t.gif" width="1" height="1"><noscript><img src="/cover-full.jpg"></noscript>',
      ),
    },
  ],
});
