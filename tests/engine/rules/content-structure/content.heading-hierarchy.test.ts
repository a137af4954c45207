import contentHeadingHierarchy from '../../../../shared/rules/content-structure/content.heading-hierarchy.js';
import { page } from '../../../helpers/snapshot.js';
import { testRule } from '../../rule-tester.js';

testRule(contentHeadingHierarchy, {
  passes: [
    { name: 'one level down at a time (jumping back up is fine)', snapshot: page('<h1>A</h1><h2>B</h2><h3>C</h3><h2>D</h2><h3>E</h3>') },
    {
      name: "a comment form's heading is the theme's, not the outline's",
      snapshot: page(
        `<article><h1>Black Friday per nostalgici</h1><p>${'Le occasioni da non perdere per chi ama gli anni ottanta. '.repeat(20)}</p></article>` +
          '<div id="comments" class="comments-area"><h3 id="reply-title">Lascia un commento</h3><form><textarea name="comment"></textarea></form></div>',
      ),
    },
  ],
  partial: [
    {
      name: 'credit per skipped level, naming the first skip: a warning',
      snapshot: page('<h1>A</h1><h2>B</h2><h4>C</h4><h2>D</h2><h3>E</h3>'),
      score: 0.5,
      severity: 'warning',
      detail: ['1 of 4', 'H2 "B" is followed by H4 "C"'],
    },
    { name: 'credit floors at 0.3', snapshot: page('<h1>A</h1><h3>B</h3><h1>C</h1><h4>D</h4>'), score: 0.3 },
  ],
  notApplicable: [{ name: 'fewer than two headings', snapshot: page('<h1>A</h1>') }],
});
