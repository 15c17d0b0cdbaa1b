import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, test } from 'vitest';
import { sqlOf, sqlText } from './statements.ts';

/** One statement text serves both a prepared statement and a query in a Drizzle transaction. */

const dialect = new PgDialect();

describe('statement texts', () => {
  test('sqlOf binds each placeholder to its value, in the text’s own order', () => {
    const query = dialect.sqlToQuery(
      sqlOf('select $2::text, $1::int where $2 is not null', [7, 'seven']),
    );
    expect(query.sql).toBe('select $1::text, $2::int where $3 is not null');
    expect(query.params).toEqual(['seven', 7, 'seven']);
  });

  test('sqlOf refuses a placeholder it has no value for', () => {
    expect(() => sqlOf('select $1, $2', [1])).toThrow('No value for $2');
  });

  test('sqlText gives the text of a fragment without values, and refuses one with', () => {
    expect(sqlText(sql`select b.id from bookings b`)).toBe('select b.id from bookings b');
    expect(() => sqlText(sql`select ${1}`)).toThrow();
  });
});
