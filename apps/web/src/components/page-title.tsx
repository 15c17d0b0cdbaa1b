import { Title, type TitleProps } from '@mantine/core';
import { useDocumentTitle } from '../lib/use-document-title.ts';

interface PageTitleProps extends Omit<TitleProps, 'order'> {
  children: string;
  /** Title of the browser tab when it differs from the heading. */
  documentTitle?: string;
}

/** The screen's main heading (h1), also used as the browser tab's title. */
export function PageTitle({ children, documentTitle, ...props }: PageTitleProps) {
  useDocumentTitle(documentTitle ?? children);
  return (
    <Title order={1} {...props}>
      {children}
    </Title>
  );
}
