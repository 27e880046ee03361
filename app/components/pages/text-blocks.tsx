// Long translated texts (legal sections, FAQ answers) as paragraphs and bullet lists: a blank line
// starts a new block; a block whose lines all start with "- " is a list. E-mail addresses and phone
// numbers in them read left to right in any language.
import { LtrTokens } from '../ltr-text';
import { Text } from '../ui';

export type TextBlock = { kind: 'paragraph'; text: string } | { kind: 'list'; items: string[] };

export function textBlocks(text: string): TextBlock[] {
  return text
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block): TextBlock => {
      const lines = block.split('\n').map((line) => line.trim());
      return lines.every((line) => line.startsWith('- '))
        ? { kind: 'list', items: lines.map((line) => line.slice(2).trim()) }
        : { kind: 'paragraph', text: lines.join(' ') };
    });
}

export function TextBlocks({ text }: { text: string }) {
  return (
    <>
      {textBlocks(text).map((block, index) =>
        block.kind === 'paragraph' ? (
          <Text key={index} className="account-text-block">
            <LtrTokens text={block.text} />
          </Text>
        ) : (
          <ul key={index} className="account-text-block account-text-list">
            {block.items.map((item) => (
              <Text key={item} component="li">
                <LtrTokens text={item} />
              </Text>
            ))}
          </ul>
        ),
      )}
    </>
  );
}
