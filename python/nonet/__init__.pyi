"""Type stubs of the nonet package (help(nonet) documents it)."""
import os
from typing import IO, Any, Dict, List, NamedTuple, Optional, Sequence, Tuple, Union, overload

__version__: str

class Array:
    """An array of results: numpy.asarray() views it without a copy."""
    @property
    def shape(self) -> Tuple[int, ...]: ...
    @property
    def format(self) -> str: ...
    @property
    def size(self) -> Optional[str]: ...
    def tolist(self) -> List[Any]: ...
    def strings(self, start: int = ..., stop: int = ...) -> List[str]: ...
    def __len__(self) -> int: ...
    @overload
    def __getitem__(self, i: int) -> Any: ...
    @overload
    def __getitem__(self, i: slice) -> List[Any]: ...

# A batch: an (N, n*n) uint8 array (anything with the buffer protocol), a
# list of str (one puzzle each), a str of puzzle text, or a path.
Batch = Union[Array, Any, Sequence[str], str, "os.PathLike[str]"]
Size = Union[None, str, int]

STATUS: Tuple[str, ...]
TECHNIQUES: Tuple[str, ...]
SYMMETRIES: Tuple[str, ...]

class Level(NamedTuple):
    name: str
    min: float
    max: Optional[float]

LEVELS: Tuple[Level, ...]
OK: int
UNIQUE: int
MULTIPLE: int
SOLVED: int
NO_SOLUTION: int
INVALID: int
ERROR: int
STUCK: int
INCOMPLETE: int
INCONSISTENT: int
CORRECT: int
WRONG: int
TIMEOUT: int

class Read(NamedTuple):
    puzzles: Array
    names: List[str]
    status: Array
    messages: List[Optional[str]]
    # each column: grids (an Array), numbers (int: None where empty; float:
    # NaN where empty) or text
    columns: Optional[Dict[str, Union[Array, List[Optional[int]], List[float], List[str]]]]

class Solved(NamedTuple):
    solutions: Array
    status: Array
    messages: List[Optional[str]]

class Counted(NamedTuple):
    counts: Array
    status: Array
    messages: List[Optional[str]]

class Checked(NamedTuple):
    status: Array
    messages: List[Optional[str]]
    blanks: Array

class Rated(NamedTuple):
    ratings: Array
    hardest: Array
    status: Array
    messages: List[Optional[str]]
    steps: Array
    at_least: Array
    levels: Array

class Trajectories(NamedTuple):
    moves: Array
    lengths: Array
    status: Array
    messages: List[Optional[str]]
    ratings: Array

class Step(NamedTuple):
    technique: int
    name: str
    rating: float
    text: str
    placements: List[Tuple[int, int, int]]
    eliminations: List[Tuple[int, int, int]]
    cells: List[Tuple[int, int, Tuple[int, ...]]]
    units: List[Tuple[str, int]]
    record: Dict[str, Any]

class Explained(NamedTuple):
    steps: List[Step]
    status: int
    message: Optional[str]
    solution: Optional[Array]

class Hint(NamedTuple):
    step: Optional[Step]
    status: int
    message: Optional[str]
    hint: Optional[Dict[str, Any]]

class Generated(NamedTuple):
    puzzles: Array
    solutions: Array
    ratings: Array
    status: Array
    messages: List[Optional[str]]
    clues: Array
    seed: int
    position: Optional["Position"]

class Position(NamedTuple):
    grids: Array
    marks: Array
    rounds: Array

class Minimized(NamedTuple):
    puzzles: Array
    status: Array
    messages: List[Optional[str]]

class Canon(NamedTuple):
    forms: Array
    transforms: Array
    automorphisms: Array
    status: Array
    messages: List[Optional[str]]

class Transformed(NamedTuple):
    isomorphs: Array
    transforms: Array
    solutions: Optional[Array]
    status: Array
    messages: List[Optional[str]]

Marks = Optional[Sequence[Union[str, int]]]
# seconds each puzzle may take; None: no limit
Timeout = Optional[float]
Transforms = Union[Array, Any, str, Sequence[str]]

def read(puzzles: Batch, *, size: Size = ..., column: Union[None, str, int] = ...) -> Read: ...
def write_csv(dest: Union[str, "os.PathLike[str]", IO[str]], puzzles: Batch,
              table: Optional[Dict[str, Sequence[Any]]] = ..., **columns: Sequence[Any]) -> int: ...
def format(puzzles: Batch, layout: str = ..., *, size: Size = ...) -> str: ...
def solve(puzzles: Batch, *, size: Size = ..., column: Union[None, str, int] = ...,
          unique: bool = ..., first: bool = ..., threads: int = ...,
          timeout: Timeout = ...) -> Solved: ...
def count(puzzles: Batch, *, size: Size = ..., column: Union[None, str, int] = ...,
          limit: int = ..., threads: int = ..., timeout: Timeout = ...) -> Counted: ...
def check(puzzles: Batch, solutions: Optional[Batch] = ..., *, size: Size = ...,
          column: Union[None, str, int] = ...) -> Checked: ...
def rate(puzzles: Batch, *, size: Size = ..., column: Union[None, str, int] = ...,
         ceiling: Optional[float] = ..., threads: int = ...,
         timeout: Timeout = ...) -> Rated: ...
def trajectories(puzzles: Batch, *, size: Size = ..., column: Union[None, str, int] = ...,
                 ceiling: Optional[float] = ..., threads: int = ...,
                 timeout: Timeout = ...) -> Trajectories: ...
def explain(puzzle: Batch, marks: Marks = ..., *, size: Size = ...,
            ceiling: Optional[float] = ..., timeout: Timeout = ...) -> Explained: ...
def hint(puzzle: Batch, marks: Marks = ..., *, size: Size = ...,
         ceiling: Optional[float] = ..., timeout: Timeout = ..., level: int = ...) -> Hint: ...
def generate(count: int, seed: Optional[int] = ..., *, first: int = ...,
             symmetry: Optional[str] = ..., strict: bool = ..., clues: int = ...,
             max_clues: int = ..., level: Optional[str] = ...,
             rating: Optional[Tuple[float, Optional[float]]] = ..., size: Size = ...,
             max_tries: int = ..., threads: int = ..., timeout: Timeout = ...,
             needs: Optional[str] = ..., hardest: bool = ...,
             position: bool = ...) -> Generated: ...
def minimize(puzzles: Batch, *, symmetry: str = ..., size: Size = ...,
             column: Union[None, str, int] = ..., threads: int = ...,
             timeout: Timeout = ...) -> Minimized: ...
def canon(puzzles: Batch, *, size: Size = ..., column: Union[None, str, int] = ...,
          threads: int = ...) -> Canon: ...
def transform(puzzles: Batch, seed: Optional[int] = ..., *, transforms: Optional[Transforms] = ...,
              solutions: Optional[Batch] = ..., first: int = ..., size: Size = ...,
              column: Union[None, str, int] = ..., threads: int = ...) -> Transformed: ...
def invert(transforms: Transforms, *, size: Size = ...) -> Array: ...
def transform_text(transforms: Transforms, *, size: Size = ...) -> List[str]: ...
