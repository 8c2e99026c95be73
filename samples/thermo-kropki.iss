# a 6x6: a thermometer and kropki dots, as Interactive Sudoku Solver writes it
.Shape~6x6.Thermo~R3C6~R3C5~R2C6~R1C6~R1C5~R2C5.WhiteDot~R4C1~R5C1.BlackDot~R4C4~R5C4.WhiteDot~R5C2~R6C2.BlackDot~R5C5~R5C6.WhiteDot~R6C1~R6C2.BlackDot~R6C2~R6C3
