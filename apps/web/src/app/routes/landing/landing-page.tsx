import { PRODUCT_NAME } from '@devstay/shared/constants';
import { paths } from '@devstay/shared/paths';
import { Button, Container, Group, Image, Stack, Text } from '@mantine/core';
import { IconArrowRight, IconCalendarEvent } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/page-title.tsx';
import heroImage from './assets/hotel-hero.svg';
import classes from './landing-page.module.css';

/** `/`: what DevStay is, and the way into the hotel list (product §2.3). */
export function LandingPage() {
  return (
    <Container size="xl" py={{ base: 'lg', md: 56 }}>
      <div className={classes.hero}>
        <Stack gap="lg" justify="center">
          <PageTitle className={classes.title} documentTitle="">
            {`Welcome to ${PRODUCT_NAME}`}
          </PageTitle>
          <Text size="lg">
            Find hotels around the country that offer rooms with different services: quiet single
            rooms for a focused sprint, family rooms for a working holiday and suites for the whole
            team.
          </Text>
          <Text size="lg">
            Search the IT events published by each hotel, from meetups to conferences and
            hackathons, and stay right where they happen. Every hotel provides a service oriented
            towards software developers: fast Wi-Fi, desks and quiet hours.
          </Text>
          <Group gap="sm">
            <Button
              component={Link}
              to={paths.hotels}
              size="lg"
              rightSection={<IconArrowRight size={20} aria-hidden="true" />}
            >
              See hotels
            </Button>
            <Button
              component={Link}
              to={paths.events}
              size="lg"
              variant="default"
              leftSection={<IconCalendarEvent size={20} aria-hidden="true" />}
            >
              Browse events
            </Button>
          </Group>
        </Stack>
        <Image
          src={heroImage}
          alt="A DevStay hotel at dusk, its windows lit"
          width={1200}
          height={800}
          radius="lg"
          className={classes.image}
          fetchPriority="high"
        />
      </div>
    </Container>
  );
}
