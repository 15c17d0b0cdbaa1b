import '@mantine/carousel/styles.layer.css';
import { CAROUSEL_IMAGES, CAROUSEL_INTERVAL_MS } from '@devstay/shared/constants';
import type { ImageItem } from '@devstay/shared/contracts/common';
import { Carousel } from '@mantine/carousel';
import { ActionIcon, Box, Image } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { IconPlayerPauseFilled, IconPlayerPlayFilled } from '@tabler/icons-react';
import type { EmblaCarouselType } from 'embla-carousel';
import Autoplay from 'embla-carousel-autoplay';
import { useEffect, useRef, useState } from 'react';
import { IMAGE_SIZES, responsiveImage } from '../lib/image-url.ts';
import classes from './image-carousel.module.css';

interface ImageCarouselProps {
  /** Pictures with their variants; the first is fetched at once, the others lazily. */
  images: ImageItem[];
  /** Describes the pictures, e.g. the hotel's name; each slide's alt text adds its number. */
  alt: string;
  height?: number | string;
}

/**
 * The first three images of a hotel or room, advancing every 3 seconds (spec §2.5, §9).
 * Autoplay pauses on hover and focus, can be paused with a button, and does not start for
 * people who asked their system for reduced motion.
 */
export function ImageCarousel({
  images,
  alt,
  height = 'clamp(220px, 56vw, 420px)',
}: ImageCarouselProps) {
  const reduceMotion = useReducedMotion();
  const autoplay = useRef(
    Autoplay({
      delay: CAROUSEL_INTERVAL_MS,
      playOnInit: false,
      stopOnInteraction: false,
      stopOnMouseEnter: true,
      stopOnFocusIn: true,
    }),
  );
  const [embla, setEmbla] = useState<EmblaCarouselType | null>(null);
  const [paused, setPaused] = useState(false);
  const slides = images.slice(0, CAROUSEL_IMAGES);

  useEffect(() => {
    if (!embla || slides.length < 2) return;
    if (reduceMotion) setPaused(true);
    else if (!paused) autoplay.current.play();
  }, [embla, reduceMotion, paused, slides.length]);

  const togglePlay = () => {
    if (paused) {
      setPaused(false);
      autoplay.current.play();
    } else {
      setPaused(true);
      autoplay.current.stop();
    }
  };

  return (
    <Box pos="relative" className={classes.root}>
      <Carousel
        role="region"
        aria-roledescription="carousel"
        aria-label={`Pictures of ${alt}`}
        withIndicators={slides.length > 1}
        withControls={slides.length > 1}
        height={height}
        emblaOptions={{ loop: true }}
        plugins={[autoplay.current]}
        getEmblaApi={setEmbla}
        previousControlProps={{ 'aria-label': 'Previous image' }}
        nextControlProps={{ 'aria-label': 'Next image' }}
        getIndicatorProps={(index) => ({ 'aria-label': `Show image ${index + 1}` })}
        classNames={{ control: classes.control, indicator: classes.indicator }}
      >
        {slides.map((image, index) => (
          <Carousel.Slide
            key={image.url}
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${slides.length}`}
          >
            <Image
              {...responsiveImage(image, IMAGE_SIZES.carousel)}
              alt={`${alt}, picture ${index + 1}`}
              h={height}
              fit="cover"
              loading={index === 0 ? 'eager' : 'lazy'}
              fetchPriority={index === 0 ? 'high' : 'auto'}
            />
          </Carousel.Slide>
        ))}
      </Carousel>
      {slides.length > 1 ? (
        <ActionIcon
          className={classes.playToggle}
          variant="filled"
          color="dark"
          size="lg"
          radius="xl"
          onClick={togglePlay}
          aria-label={paused ? 'Play slideshow' : 'Pause slideshow'}
        >
          {paused ? (
            <IconPlayerPlayFilled size={18} aria-hidden="true" />
          ) : (
            <IconPlayerPauseFilled size={18} aria-hidden="true" />
          )}
        </ActionIcon>
      ) : null}
    </Box>
  );
}
