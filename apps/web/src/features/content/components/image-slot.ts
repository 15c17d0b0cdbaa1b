import type { ImageRefInput } from '@devstay/shared/contracts/content';
import type { ReactNode } from 'react';

/** What a form hands its picture control: the uploaded pictures and a way to change them. */
interface ImageFieldProps {
  label: string;
  value: readonly ImageRefInput[];
  /** A function of the current list: uploads finish one by one, each adds its picture. */
  onChange: (update: (current: readonly ImageRefInput[]) => ImageRefInput[]) => void;
  error?: string;
}

/**
 * The picture control, supplied by the screen that composes the form (features do not import
 * each other: the uploader is its own feature).
 */
export type ImageSlot = (props: ImageFieldProps) => ReactNode;
