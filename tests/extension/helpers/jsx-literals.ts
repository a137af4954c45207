import ts from 'typescript';

/**
 * User-facing text written into JSX instead of read from the catalogue: JSX text, string literals placed as
 * children (`{'Saved'}`, `{ok ? 'Yes' : 'No'}`) and literals given to the attributes that people read or hear.
 * Text without a letter (punctuation, numbers, "·", "—") and the names in ALLOWED are not text to translate.
 */
export const TEXT_ATTRIBUTES = new Set([
  'title',
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'aria-valuetext',
  'placeholder',
  'alt',
  'label',
  'what',
  'empty',
  'note',
  'message',
  'fromLabel',
]);
/** Names and units that read the same in every language. */
export const ALLOWED = new Set(['Citable', 'llms.txt', 'robots.txt', 'WebMCP', 'ms', 'CSV', 'JSON', 'URL']);

export interface Literal {
  line: number;
  text: string;
}

const hasWords = (s: string) => /\p{L}/u.test(s) && !ALLOWED.has(s.trim().replace(/[:.]$/, ''));

/** The string literals an expression evaluates to directly (through ?:, &&, ||, ?? and parentheses). */
function literalsOf(node: ts.Expression): string[] {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.map((s) => s.literal.text)];
  if (ts.isParenthesizedExpression(node)) return literalsOf(node.expression);
  if (ts.isConditionalExpression(node)) return [...literalsOf(node.whenTrue), ...literalsOf(node.whenFalse)];
  if (ts.isBinaryExpression(node)) {
    const op = node.operatorToken.kind;
    if (op === ts.SyntaxKind.AmpersandAmpersandToken) return literalsOf(node.right);
    if (op === ts.SyntaxKind.BarBarToken || op === ts.SyntaxKind.QuestionQuestionToken || op === ts.SyntaxKind.PlusToken)
      return [...literalsOf(node.left), ...literalsOf(node.right)];
  }
  return [];
}

export function findJsxLiterals(fileName: string, source: string): Literal[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: Literal[] = [];
  const add = (node: ts.Node, texts: string[]) => {
    for (const text of texts.filter(hasWords))
      found.push({ line: file.getLineAndCharacterOfPosition(node.getStart()).line + 1, text: text.trim() });
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) add(node, [node.text]);
    else if (ts.isJsxExpression(node) && node.expression && !ts.isJsxAttribute(node.parent)) add(node, literalsOf(node.expression));
    else if (ts.isJsxAttribute(node) && TEXT_ATTRIBUTES.has(node.name.getText(file)) && node.initializer) {
      const init = node.initializer;
      if (ts.isStringLiteral(init)) add(node, [init.text]);
      else if (ts.isJsxExpression(init) && init.expression) add(node, literalsOf(init.expression));
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}
