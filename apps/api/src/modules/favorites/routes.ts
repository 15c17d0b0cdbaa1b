import { errorBody } from '@devstay/shared/contracts/common';
import {
  favoriteIdList,
  favoriteOwnerParams,
  favoriteRemoveBody,
  favoriteRoomList,
  favoritesAddBody,
} from '@devstay/shared/contracts/favorites';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isGuest, rolesWhere } from '../../lib/policies.ts';
import { access } from '../../plugins/authorization.ts';
import { addFavorites, favoriteRoomIds, favoriteRooms, removeFavorite } from './repository.ts';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody };
const ownerInPath = { params: favoriteOwnerParams };
const addSchema = { body: favoritesAddBody };
const removeSchema = { body: favoriteRemoveBody };
/** Favourites are a guest's own (product §6): staff keep none, and nobody reads another's. */
const guests = rolesWhere(isGuest);

/** Favourite rooms (product §2.6, §2.10, §7.2): the signed-in guest's own list, and no one else's. */
export const favoriteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/favorites/:uid',
    {
      config: { access: access.owner(ownerInPath, (r) => r.params.uid, guests) },
      schema: {
        tags: ['favorites'],
        summary: 'The favourite rooms of account {uid}, as cards, in the order they were added',
        ...ownerInPath,
        response: { 200: favoriteRoomList, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return favoriteRooms(app.db, request.params.uid);
    },
  );

  app.get(
    '/favorites/list/:uid',
    {
      config: { access: access.owner(ownerInPath, (r) => r.params.uid, guests) },
      schema: {
        tags: ['favorites'],
        summary: 'The ids of the favourite rooms of account {uid}',
        ...ownerInPath,
        response: { 200: favoriteIdList, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return favoriteRoomIds(app.db, request.params.uid);
    },
  );

  app.post(
    '/favorites',
    {
      config: { access: access.owner(addSchema, (r) => r.body.id, guests) },
      schema: {
        tags: ['favorites'],
        summary: 'Add rooms to the favourites of account `id`; answers the favourites’ ids',
        description:
          'Rooms already among them are kept once. All or nothing: an unknown room is a 404 ' +
          'naming it, and more favourites than one account may keep a 409.',
        ...addSchema,
        response: { 200: favoriteIdList, ...errors, 404: errorBody, 409: errorBody },
      },
    },
    async (request) => addFavorites(app.db, request.body.id, request.body.favorites),
  );

  app.delete(
    '/favorites',
    {
      config: { access: access.owner(removeSchema, (r) => r.body.id, guests) },
      schema: {
        tags: ['favorites'],
        summary: 'Take room `favorite` off the favourites of account `id`; answers their ids',
        description: 'A room that is not among them is no error; an unknown room is a 404.',
        ...removeSchema,
        response: { 200: favoriteIdList, ...errors, 404: errorBody },
      },
    },
    async (request) => removeFavorite(app.db, request.body.id, request.body.favorite),
  );
};
