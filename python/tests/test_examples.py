"""The examples (python/examples) run as tests: the dataset recipe's output
holds together, and the Dask recipe makes the same puzzles however the work
is split."""
import os
import sys

import pytest

import nonet
from test_nonet import solves

numpy = pytest.importorskip("numpy")
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))


def test_dataset_recipe(tmp_path):
    import dataset
    sizes = dataset.build(600, 5, str(tmp_path), test_fraction=0.2, augment=2, threads=2,
                          log=lambda _: None)
    arrays = {}
    for part in ("train", "test"):
        p = numpy.load(tmp_path / (part + "_puzzles.npy"))
        s = numpy.load(tmp_path / (part + "_solutions.npy"))
        r = numpy.load(tmp_path / (part + "_ratings.npy"))
        assert p.dtype == numpy.uint8 and p.shape == s.shape == (sizes[part], 81)
        assert len(r) == sizes[part]
        for q, a in zip(p.tolist(), s.tolist()):
            assert solves(q, a)
        table = nonet.read(tmp_path / (part + ".csv"))
        assert table.puzzles.tolist() == p.tolist()
        assert table.columns["solution"].tolist() == s.tolist()  # grids, as an array
        assert numpy.array_equal(table.columns["rating"], r, equal_nan=True)  # floats
        arrays[part] = p
    assert sizes["train"] % 3 == 0  # each train pair and its 2 isomorphs
    train = {bytes(f) for f in numpy.asarray(nonet.canon(arrays["train"]).forms)}
    test = [bytes(f) for f in numpy.asarray(nonet.canon(arrays["test"]).forms)]
    assert len(set(test)) == len(test) and not train & set(test)
    assert len(train) == sizes["train"] // 3
    again = tmp_path / "again"
    assert dataset.build(600, 5, str(again), test_fraction=0.2, augment=2, threads=1,
                         log=lambda _: None) == sizes
    assert (numpy.load(again / "train_puzzles.npy") == arrays["train"]).all()


def test_dask_recipe():
    distributed = pytest.importorskip("distributed")
    import dask_generate
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        whole = dask_generate.generate_on(client, 300, 9, chunk=300)
        split = dask_generate.generate_on(client, 300, 9, chunk=37)
    alone = nonet.generate(300, seed=9, threads=2)
    for a, b in zip(whole, split):
        assert (numpy.nan_to_num(a) == numpy.nan_to_num(b)).all()
    assert (whole[0] == numpy.asarray(alone.puzzles)).all()
    assert (whole[2] == numpy.asarray(nonet.rate(alone.puzzles).ratings)).all()
    for q, a in zip(whole[0].tolist(), whole[1].tolist()):
        assert solves(q, a)
