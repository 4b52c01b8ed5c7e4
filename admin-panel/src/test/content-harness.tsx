import { useState, type ReactNode } from 'react';
import { defaultSiteContent, type SiteContent } from '@shop/shared';

/** The content editor's edit function (features/content's ContentEdit, the same shape). */
type ContentEdit = (change: (draft: SiteContent) => void) => void;

/**
 * A content editor's tab under test: the default content (or `initial`) as its draft, each edit applied to a copy as the editor does,
 * and every new draft handed to `onChange`.
 */
export function ContentHarness({
  onChange,
  children,
  initial = defaultSiteContent,
}: {
  onChange: (content: SiteContent) => void;
  /** The draft to start from (default: the default content). */
  initial?: () => SiteContent;
  children: (content: SiteContent, edit: ContentEdit) => ReactNode;
}) {
  const [content, setContent] = useState(initial);
  const edit: ContentEdit = (change) =>
    setContent((current) => {
      const next = structuredClone(current);
      change(next);
      onChange(next);
      return next;
    });
  return <>{children(content, edit)}</>;
}
