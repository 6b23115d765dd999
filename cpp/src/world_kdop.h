#pragma once
// The World's narrow phase for pairs with a k-DOP: shortcuts that settle most such pairs from the
// k-DOP's slabs (what a move computes) without building its polytope (~10-25 us a k-DOP), and the
// exact test for the pairs they leave. Free functions over the k-DOP slabs (KdopSlabs) and a
// read-only view of the bodies (BodyStore's const accessors); only bodiesOverlap builds a
// polytope (BodyStore::kdopWorld).
//
// Every shortcut answers only where overlaps() of the world volumes gives the same answer: apart
// or overlapping by more than tolerance::kWorldSureMargin of the pair's size, far beyond the
// touching band within which the exact test is exact. tests/cpp/world_kdop_test.cpp holds each
// to overlaps() on random and adversarial pairs.

#include <cstdint>

#include "world_bodies.h"

namespace sepaxis::detail {

/// True when one slab of k-DOP body `kdop`, padded, leaves out body `other`'s padded box: the
/// two are apart by far more than rounding, so overlaps() says apart (a box pair of the broad
/// phase is often apart along a diagonal).
bool kdopSlabSeparates(const BodyStore& bodies, uint32_t kdop, uint32_t other);
/// True when k-DOP body `kdop` and body `other` share a point that lies deeper in `other` than
/// tolerance::kWorldSureMargin of the pair's size: overlaps() then says they overlap.
bool kdopSurelyOverlaps(const BodyStore& bodies, uint32_t kdop, uint32_t other);
/// True when a corner of k-DOP body `kdop` lies deeper in body `other` than kdopSurelyOverlaps's
/// margin: they overlap. Asked after kdopSurelyApart: it turns every vertex and rarely succeeds,
/// and kdopSurelyApart, cheaper, settles most of the pairs it would meet first.
bool kdopCornerInside(const BodyStore& bodies, uint32_t kdop, uint32_t other);
/// True when body `other` (a sphere or a box) lies beyond a combination of two planes of k-DOP
/// body `kdop` (the edge between two faces) by more than tolerance::kWorldSureMargin of the
/// pair's size: overlaps() then says they are apart.
bool kdopSurelyApart(const BodyStore& bodies, uint32_t kdop, uint32_t other);
/// True when a point lies deeper than tolerance::kWorldSureMargin of the pair's size in both
/// k-DOP body `kdop` and body `other` (searched by alternating projections): overlaps() then says
/// they overlap. For the pairs kdopSurelyOverlaps leaves.
bool kdopOverlapWitness(const BodyStore& bodies, uint32_t kdop, uint32_t other);

/// What the shortcuts above say of a pair with a k-DOP, either way round: 1 overlapping, 0 apart,
/// -1 not settled (then bodiesOverlap decides). Reads the bodies only: pairs may be settled on
/// several threads at once.
int settleKdopPair(const BodyStore& bodies, uint32_t a, uint32_t b);
/// overlaps() of two bodies' world volumes, a k-DOP's polytope built if it is not yet (so one
/// thread at a time).
bool bodiesOverlap(BodyStore& bodies, uint32_t a, uint32_t b);

}  // namespace sepaxis::detail
