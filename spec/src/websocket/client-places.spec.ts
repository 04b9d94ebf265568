import { expect } from 'chai';
import { ClientPlaces } from '../../../src/websocket/client-places';

describe('ClientPlaces', () => {
  it('gives each client up to max places, counted apart, and a place back frees one', () => {
    const places = new ClientPlaces(2);
    expect([places.take('a'), places.take('a'), places.take('a')]).to.deep.equal([true, true, false]);
    expect(places.take('b')).to.equal(true);
    places.give('a');
    expect(places.heldBy('a')).to.equal(1);
    expect(places.take('a')).to.equal(true);
  });

  it('forgets a client once it holds nothing, and never counts below zero', () => {
    const places = new ClientPlaces(1);
    places.take('a');
    places.give('a');
    places.give('a');
    expect(places.heldBy('a')).to.equal(0);
    expect(places.take('a')).to.equal(true);
    expect(places.take('a')).to.equal(false);
  });
});
