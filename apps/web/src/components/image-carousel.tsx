import { CAROUSEL_IMAGES, CAROUSEL_INTERVAL_MS } from '@devstay/shared/constants';
import type { ImageItem } from '@devstay/shared/contracts/common';
import { useReducedMotion } from '@mantine/hooks';
import {
  IconChevronLeft,
  IconChevronRight,
  IconPlayerPauseFilled,
  IconPlayerPlayFilled,
} from '@tabler/icons-react';
import { type CSSProperties, useCallback, useEffect, useRef, useState } from 'react';
import { preload } from 'react-dom';
import { IMAGE_SIZES, responsiveImage } from '../lib/image-url.ts';
import classes from './image-carousel.module.css';

/**
 * Asks for the carousel's first picture ahead, as React does when the server draws it (its
 * `fetchPriority` high): for a server render that writes the carousel in as drawn before
 * (`KeptElement`), which draws no picture.
 */
export function preloadFirstPicture(images: ImageItem[]) {
  const first = images.slice(0, CAROUSEL_IMAGES)[0];
  if (!first) return;
  const { src, srcSet, sizes } = responsiveImage(first, IMAGE_SIZES.carousel);
  preload(src, { as: 'image', imageSrcSet: srcSet, imageSizes: sizes, fetchPriority: 'high' });
}

interface ImageCarouselProps {
  /** Pictures with their variants; the first is fetched at once, the others lazily. */
  images: ImageItem[];
  /** Describes the pictures, e.g. the hotel's name; each slide's alt text adds its number. */
  alt: string;
  height?: number | string;
}

/**
 * The first three images of a hotel or room, advancing every 3 seconds (product §2.5, §9).
 * A row of pictures the browser scrolls and snaps (swipe on a phone, arrow keys once focused),
 * with previous/next buttons and one button per picture. Autoplay pauses on hover and focus,
 * can be paused with a button, and does not start for people who asked their system for
 * reduced motion. Nothing is measured or moved before the first interaction or tick: the page
 * is drawn as the server sent it.
 */
export function ImageCarousel({
  images,
  alt,
  height = 'clamp(220px, 56vw, 420px)',
}: ImageCarouselProps) {
  const slides = images.slice(0, CAROUSEL_IMAGES);
  const track = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  const [paused, setPaused] = useState(false);
  const [held, setHeld] = useState(false);
  const reduceMotion = useReducedMotion();
  const several = slides.length > 1;

  useEffect(() => {
    if (reduceMotion) setPaused(true);
  }, [reduceMotion]);

  const show = useCallback(
    (index: number) => {
      const row = track.current;
      if (!row) return;
      const next = (index + slides.length) % slides.length;
      row.scrollTo({ left: next * row.clientWidth, behavior: reduceMotion ? 'auto' : 'smooth' });
    },
    [slides.length, reduceMotion],
  );

  useEffect(() => {
    if (!several || paused || held) return;
    const timer = window.setInterval(() => show(active + 1), CAROUSEL_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [several, paused, held, active, show]);

  // The shown picture follows the row's scroll, whatever moved it (buttons, swipe, keys).
  const onScroll = () => {
    const row = track.current;
    if (row && row.clientWidth > 0) setActive(Math.round(row.scrollLeft / row.clientWidth));
  };

  return (
    <section
      className={classes.root}
      style={
        {
          '--carousel-height': typeof height === 'number' ? `${height}px` : height,
        } as CSSProperties
      }
      aria-roledescription="carousel"
      aria-label={`Pictures of ${alt}`}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setHeld(false);
      }}
    >
      {/* Focusable so the pictures can be scrolled with the keyboard. */}
      <div ref={track} className={classes.track} onScroll={onScroll} tabIndex={several ? 0 : -1}>
        {slides.map((image, index) => (
          // biome-ignore lint/a11y/useSemanticElements: the carousel pattern's slide is a group, not a form fieldset
          <div
            key={image.url}
            className={classes.slide}
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${slides.length}`}
          >
            <img
              {...responsiveImage(image, IMAGE_SIZES.carousel)}
              className={classes.image}
              alt={`${alt}, ${index + 1} of ${slides.length}`}
              loading={index === 0 ? 'eager' : 'lazy'}
              fetchPriority={index === 0 ? 'high' : 'auto'}
              decoding={index === 0 ? 'sync' : 'async'}
            />
          </div>
        ))}
      </div>
      {several ? (
        <>
          <button
            type="button"
            className={`${classes.control} ${classes.previous}`}
            onClick={() => show(active - 1)}
            aria-label="Previous image"
          >
            <IconChevronLeft size={20} aria-hidden="true" />
          </button>
          <button
            type="button"
            className={`${classes.control} ${classes.next}`}
            onClick={() => show(active + 1)}
            aria-label="Next image"
          >
            <IconChevronRight size={20} aria-hidden="true" />
          </button>
          <div className={classes.indicators}>
            {slides.map((image, index) => (
              <button
                key={image.url}
                type="button"
                className={classes.indicator}
                data-active={index === active || undefined}
                aria-current={index === active}
                aria-label={`Show image ${index + 1}`}
                onClick={() => show(index)}
              />
            ))}
          </div>
          <button
            type="button"
            className={classes.playToggle}
            onClick={() => setPaused((p) => !p)}
            aria-label={paused ? 'Play slideshow' : 'Pause slideshow'}
          >
            {paused ? (
              <IconPlayerPlayFilled size={18} aria-hidden="true" />
            ) : (
              <IconPlayerPauseFilled size={18} aria-hidden="true" />
            )}
          </button>
        </>
      ) : null}
    </section>
  );
}
