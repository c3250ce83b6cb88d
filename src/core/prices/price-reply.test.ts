// Price replies are read strictly: malformed ones are refused with a clear error.
import { describe, expect, it } from 'vitest';
import { PriceReplyError } from './errors';
import {
  PRICE_REPLY_BAD_TIME,
  PRICE_REPLY_EMPTY,
  PRICE_REPLY_NOT_JSON,
  PRICE_REPLY_NOT_OBJECT,
} from './texts.json';
import { parsePriceReply, priceReplyBadPrice } from './price-reply';
import { priceReplyUnlikely } from './price-checks';

describe('parsePriceReply', () => {
  it("reads mempool's shape", () => {
    const body =
      '{"time":1703252411,"USD":43753,"EUR":40545,"GBP":34940,"CAD":58349,"CHF":37480,"AUD":64485,"JPY":6302286}';
    expect(parsePriceReply(body)).toEqual({
      time: 1703252411,
      prices: {
        USD: 43753,
        EUR: 40545,
        GBP: 34940,
        CAD: 58349,
        CHF: 37480,
        AUD: 64485,
        JPY: 6302286,
      },
    });
  });

  it.each([
    ['not json', PRICE_REPLY_NOT_JSON],
    ['{"time":1,"USD":', PRICE_REPLY_NOT_JSON],
    ['[1,2]', PRICE_REPLY_NOT_OBJECT],
    ['null', PRICE_REPLY_NOT_OBJECT],
    ['"USD"', PRICE_REPLY_NOT_OBJECT],
    ['{"USD":100000}', PRICE_REPLY_BAD_TIME],
    ['{"time":"now","USD":100000}', PRICE_REPLY_BAD_TIME],
    ['{"time":-5,"USD":100000}', PRICE_REPLY_BAD_TIME],
    ['{"time":1}', PRICE_REPLY_EMPTY],
    ['{"time":1,"USD":-1}', priceReplyBadPrice('USD')],
    ['{"time":1,"USD":0}', priceReplyBadPrice('USD')],
    ['{"time":1,"USD":"100000"}', priceReplyBadPrice('USD')],
    ['{"time":1,"EUR":null}', priceReplyBadPrice('EUR')],
    ['{"time":1,"USD":1e999}', priceReplyBadPrice('USD')],
    ['{"time":1,"USD":1e12}', priceReplyUnlikely('USD', 1e12)],
    ['{"time":1,"USD":1e-9}', priceReplyUnlikely('USD', 1e-9)],
    ['{"time":1,"USD":100000,"JPY":15}', priceReplyUnlikely('JPY', 15)],
  ])('refuses %s', (body, message) => {
    expect(() => parsePriceReply(body)).toThrow(PriceReplyError);
    expect(() => parsePriceReply(body)).toThrow(message);
  });
});
