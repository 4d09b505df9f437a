import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { makeRequest } from '../test-data';
import { formValuesOf, isSelectableDate, toRequestBody } from './request-form-values';

describe('request form values', () => {
  it('never offers today or an earlier date (PRODUCT.md §5)', () => {
    expect(isSelectableDate(dayjs().subtract(1, 'day'))).toBe(false);
    expect(isSelectableDate(dayjs())).toBe(false);
    expect(isSelectableDate(dayjs().add(2, 'day'))).toBe(true);
  });

  it('sends cents, a null interval for "No" and no dates unless recurring', () => {
    const body = toRequestBody({
      amount: '1,234.5',
      card_id: 2,
      team_id: 1,
      notes: ' Flights ',
      interval: 'none',
      start_date: dayjs('2099-01-02'),
    });
    expect(body).toEqual({
      amount: 123_450,
      card_id: 2,
      team_id: 1,
      wallet_category_id: null,
      notes: 'Flights',
      interval: null,
      start_date: null,
      end_date: null,
    });
    expect(
      toRequestBody({
        amount: '5',
        card_id: 2,
        team_id: 1,
        notes: 'x',
        interval: 'yearly',
        start_date: dayjs('2099-01-02'),
        end_date: dayjs('2100-01-02'),
      }),
    ).toMatchObject({
      amount: 500,
      interval: 'yearly',
      start_date: '2099-01-02',
      end_date: '2100-01-02',
    });
  });

  it('fills Edit Request with the request as it is', () => {
    const values = formValuesOf(makeRequest({ amount: 1_205, interval: 'weekly', start_date: '2099-03-04' }));
    expect(values).toMatchObject({
      amount: '12.05',
      card_id: 2,
      team_id: 1,
      wallet_category_id: 2,
      interval: 'weekly',
    });
    expect(values.start_date?.format('YYYY-MM-DD')).toBe('2099-03-04');
  });
});
