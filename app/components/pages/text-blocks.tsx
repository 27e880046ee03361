// Long translated texts (legal sections, FAQ answers) as paragraphs and bullet lists: a blank line
// starts a new block; a block whose lines all start with "- " is a list. E-mail addresses and phone
// numbers in them read left to right in any language.
import Box from '@mui/joy/Box';
import Typography from '@mui/joy/Typography';
import { LtrTokens } from '../ltr-text';

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
          <Typography key={index} sx={{ mb: 1.5, '&:last-child': { mb: 0 } }}>
            <LtrTokens text={block.text} />
          </Typography>
        ) : (
          <Box
            key={index}
            component="ul"
            sx={{ m: 0, mb: 1.5, ps: 3, listStyleType: 'disc', '&:last-child': { mb: 0 } }}
          >
            {block.items.map((item) => (
              <Typography key={item} component="li" sx={{ display: 'list-item', mb: 0.5 }}>
                <LtrTokens text={item} />
              </Typography>
            ))}
          </Box>
        ),
      )}
    </>
  );
}
