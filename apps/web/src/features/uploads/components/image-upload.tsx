import '@mantine/core/styles/Progress.layer.css';
import {
  ActionIcon,
  Button,
  Group,
  Image,
  Input,
  Progress,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { IconPhotoUp, IconTrash, IconX } from '@tabler/icons-react';
import { type DragEvent, useEffect, useId, useReducer, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api.ts';
import { uploadImage } from '../api/upload-image.ts';
import { type PendingUpload, percent, uploadQueue } from '../hooks/upload-queue.ts';
import classes from './image-upload.module.css';

interface UploadedImage {
  url: string;
  public_id: string;
}

interface ImageUploadProps {
  label: string;
  value: readonly UploadedImage[];
  /** A function of the current list: uploads finish one by one, each adds its picture. */
  onChange: (update: (current: readonly UploadedImage[]) => UploadedImage[]) => void;
  error?: string;
}

let nextKey = 0;

/**
 * Pictures of a hotel, room, event or service: several files at once from a file dialog or a
 * drop, each sent to POST /images with its progress and a preview, each removable. A file the
 * server refuses stays listed with the server's reason until dismissed.
 */
export function ImageUpload({ label, value, onChange, error }: ImageUploadProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [pending, dispatch] = useReducer(uploadQueue, []);
  const [dragging, setDragging] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const aborts = useRef(new Map<string, AbortController>());
  const previews = useRef(new Map<string, string>());

  // Leaving the form stops what is still uploading and frees the previews.
  useEffect(() => {
    const running = aborts.current;
    const urls = previews.current;
    return () => {
      for (const controller of running.values()) controller.abort();
      for (const url of urls.values()) URL.revokeObjectURL(url);
    };
  }, []);

  const release = (key: string) => {
    const url = previews.current.get(key);
    if (url) URL.revokeObjectURL(url);
    previews.current.delete(key);
    aborts.current.delete(key);
  };

  const upload = (files: readonly File[]) => {
    if (files.length === 0) return;
    const added: PendingUpload[] = files.map((file) => {
      const key = `upload-${++nextKey}`;
      const preview = URL.createObjectURL(file);
      previews.current.set(key, preview);
      return { key, name: file.name, preview, progress: 0, error: null };
    });
    dispatch({ type: 'added', uploads: added });
    setAnnouncement(`Uploading ${files.length} ${files.length === 1 ? 'image' : 'images'}`);
    added.forEach((item, i) => {
      const file = files[i] as File;
      const controller = new AbortController();
      aborts.current.set(item.key, controller);
      uploadImage(
        file,
        (progress) => dispatch({ type: 'progress', key: item.key, progress }),
        controller.signal,
      ).then(
        (image) => {
          release(item.key);
          dispatch({ type: 'done', key: item.key });
          onChange((current) => [...current, { url: image.url, public_id: image.public_id }]);
          setAnnouncement(`${file.name} uploaded`);
        },
        (failure: unknown) => {
          if (controller.signal.aborted) return;
          aborts.current.delete(item.key);
          dispatch({ type: 'failed', key: item.key, error: errorMessage(failure) });
          setAnnouncement(`${file.name} was not uploaded: ${errorMessage(failure)}`);
        },
      );
    });
  };

  const dismiss = (key: string) => {
    aborts.current.get(key)?.abort();
    release(key);
    dispatch({ type: 'dismissed', key });
  };

  const remove = (index: number) => {
    onChange((current) => current.filter((_, i) => i !== index));
    setAnnouncement(`Image ${index + 1} removed`);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    upload(Array.from(event.dataTransfer.files));
  };

  return (
    <Input.Wrapper label={label} labelElement="div" id={`${id}-label`} error={error} required>
      <Stack gap="sm" mt={4}>
        {/* biome-ignore lint/a11y/noStaticElementInteractions: the drop target; the button inside is the keyboard's way in */}
        <div
          className={classes.zone}
          data-dragging={dragging || undefined}
          data-invalid={error ? true : undefined}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          <IconPhotoUp size={32} aria-hidden="true" />
          <Text size="sm">Drag pictures here, or</Text>
          <Button
            variant="light"
            onClick={() => input.current?.click()}
            // The hint, and the field's message when there is one (Mantine's `${wrapper id}-error`).
            aria-describedby={error ? `${id}-hint ${id}-label-error` : `${id}-hint`}
          >
            Choose images
          </Button>
          <Text size="xs" c="dimmed" id={`${id}-hint`}>
            JPEG, PNG, WebP or AVIF; several at once.
          </Text>
          <input
            ref={input}
            type="file"
            accept="image/*"
            multiple
            hidden
            aria-label={`${label}: choose files`}
            data-testid="image-upload-input"
            onChange={(event) => {
              upload(Array.from(event.currentTarget.files ?? []));
              event.currentTarget.value = '';
            }}
          />
        </div>
        {value.length + pending.length > 0 ? (
          <ul className={classes.grid} aria-label={`${label}: uploaded`}>
            {value.map((image, index) => (
              <li key={image.public_id} className={classes.tile}>
                <Image src={image.url} alt={`Image ${index + 1}`} className={classes.thumb} />
                <ActionIcon
                  className={classes.remove}
                  color="red"
                  variant="filled"
                  aria-label={`Remove image ${index + 1}`}
                  onClick={() => remove(index)}
                >
                  <IconTrash size={16} aria-hidden="true" />
                </ActionIcon>
              </li>
            ))}
            {pending.map((item) => (
              <li
                key={item.key}
                className={classes.tile}
                data-failed={item.error ? true : undefined}
              >
                <Image
                  src={item.preview}
                  alt={`${item.name} (preview)`}
                  className={classes.thumb}
                />
                {item.error ? (
                  <Text size="xs" c="red.8" role="alert" className={classes.caption}>
                    {`${item.name}: ${item.error}`}
                  </Text>
                ) : (
                  <Progress
                    value={percent(item.progress)}
                    aria-label={`Uploading ${item.name}`}
                    className={classes.caption}
                    size="sm"
                  />
                )}
                <ActionIcon
                  className={classes.remove}
                  color="gray"
                  variant="filled"
                  aria-label={item.error ? `Dismiss ${item.name}` : `Cancel ${item.name}`}
                  onClick={() => dismiss(item.key)}
                >
                  <IconX size={16} aria-hidden="true" />
                </ActionIcon>
              </li>
            ))}
          </ul>
        ) : null}
        <Group>
          <Text size="xs" c="dimmed">
            {`${value.length} ${value.length === 1 ? 'image' : 'images'} uploaded`}
          </Text>
        </Group>
        <VisuallyHidden aria-live="polite">{announcement}</VisuallyHidden>
      </Stack>
    </Input.Wrapper>
  );
}
